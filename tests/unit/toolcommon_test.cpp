// toolcommon::SpillBuffer: bytes come back in order whether they stayed in
// memory or went to the spill file, the buffer is empty after a drain, and a
// spill file that cannot be written (a full disk; RLIMIT_FSIZE stands in for
// it) is an error, never a silent loss. OrderedOutput::WaitForTurn keeps an
// input from starting too far ahead of the first unfinished one.
#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/resource.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include "toolcommon/diag.h"
#include "toolcommon/io.h"

namespace {

std::string Pattern(size_t n, size_t seed) {
  std::string s(n, '\0');
  for (size_t i = 0; i < n; ++i) s[i] = static_cast<char>('a' + (i * 7 + seed) % 26);
  return s;
}

base::Status DrainInto(toolcommon::SpillBuffer* buffer, std::string* out) {
  return buffer->Drain([&](const char* data, size_t n) {
    out->append(data, n);
    return base::Status::Ok();
  });
}

}  // namespace

TEST_CASE("SpillBuffer gives back what it kept, in memory or spilled", "[toolcommon]") {
  toolcommon::SpillBuffer buffer;
  std::string expected;
  // 3 MB pieces: the second passes the 4 MB limit and spills, the third stays
  // in memory.
  for (size_t i = 0; i < 3; ++i) {
    std::string piece = Pattern(3 << 20, i);
    expected += piece;
    buffer.Append(&piece);
    CHECK(piece.empty());
  }
  std::string got;
  REQUIRE(DrainInto(&buffer, &got).ok());
  CHECK(got.size() == expected.size());
  CHECK(got == expected);
  std::string again;
  REQUIRE(DrainInto(&buffer, &again).ok());
  CHECK(again.empty());
  // Usable again after a drain.
  std::string small = "line\n";
  buffer.Append(&small);
  REQUIRE(DrainInto(&buffer, &again).ok());
  CHECK(again == "line\n");
}

TEST_CASE("SpillBuffer reports a spill file it could not write", "[toolcommon]") {
  struct rlimit old_limit;
  REQUIRE(getrlimit(RLIMIT_FSIZE, &old_limit) == 0);
  auto old_handler = signal(SIGXFSZ, SIG_IGN);
  // Room for the first spill (4 MB and a little), not for the stdio buffer
  // still unwritten when the buffer is drained.
  struct rlimit limit = {(4 << 20) + 10, old_limit.rlim_max};
  REQUIRE(setrlimit(RLIMIT_FSIZE, &limit) == 0);
  base::Status status;
  std::string got;
  {
    toolcommon::SpillBuffer buffer;
    std::string data = Pattern((4 << 20) + 100, 1);
    buffer.Append(&data);
    status = DrainInto(&buffer, &got);
  }
  setrlimit(RLIMIT_FSIZE, &old_limit);
  signal(SIGXFSZ, old_handler);
  CHECK_FALSE(status.ok());
  CHECK(status.message().find("spill file") != std::string::npos);
}

TEST_CASE("OrderedOutput::WaitForTurn holds an input back until it is within the window",
          "[toolcommon]") {
  toolcommon::OutputFile out;
  REQUIRE(out.Open("-", false).ok());
  toolcommon::Diag diag("test");
  toolcommon::OrderedOutput ordered(&out, &diag, 3);
  std::atomic<bool> started{false};
  std::thread third([&] {
    ordered.WaitForTurn(2, 1);  // input 2 may start once 0 and 1 are complete
    started = true;
  });
  ordered.Done(0);
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK_FALSE(started);
  ordered.Done(1);
  third.join();
  CHECK(started);
  ordered.Done(2);
  CHECK(ordered.status().ok());
}
