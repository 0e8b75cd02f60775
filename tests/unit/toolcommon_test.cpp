// base::SpillBuffer: bytes come back in order whether they stayed in
// memory or went to the spill file, the buffer is empty after a drain, and a
// spill file that cannot be written (a full disk; RLIMIT_FSIZE stands in for
// it) is an error, never a silent loss. OrderedOutput::WaitForTurn keeps an
// input from starting too far ahead of the first unfinished one.
// ExpandInputs walks each directory and lists each file once, whatever links
// lead there. Messages start on a line of their own, not after the progress
// line, and the final progress line is printed once.
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "toolcommon/diag.h"
#include "toolcommon/io.h"
#include "toolcommon/progress.h"
#include "toolcommon/work_queue.h"

namespace {

std::string Pattern(size_t n, size_t seed) {
  std::string s(n, '\0');
  for (size_t i = 0; i < n; ++i) s[i] = static_cast<char>('a' + (i * 7 + seed) % 26);
  return s;
}

base::Status DrainInto(base::SpillBuffer* buffer, std::string* out) {
  return buffer->Drain([&](const char* data, size_t n) {
    out->append(data, n);
    return base::Status::Ok();
  });
}

// What a Diag wrote to its temporary file.
std::string Written(std::FILE* f) {
  std::string text;
  std::rewind(f);
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
  return text;
}

}  // namespace

TEST_CASE("SpillBuffer gives back what it kept, in memory or spilled", "[toolcommon]") {
  base::SpillBuffer buffer;
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
    base::SpillBuffer buffer;
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

TEST_CASE("ExpandInputs: links cannot make a walk loop or list a file twice", "[toolcommon]") {
  namespace fs = std::filesystem;
  char tmpl[] = "/tmp/toolcommon-walk-XXXXXX";
  REQUIRE(::mkdtemp(tmpl) != nullptr);
  const std::string top = tmpl;
  fs::create_directory(top + "/d");
  std::ofstream(top + "/a.warc") << "a";
  std::ofstream(top + "/d/b.warc") << "b";
  fs::create_directory_symlink("..", top + "/d/up1");  // two ways back up: a loop
  fs::create_directory_symlink("..", top + "/d/up2");
  fs::create_directory_symlink("d", top + "/e");  // a second name for d
  fs::create_hard_link(top + "/a.warc", top + "/hard.warc");
  fs::create_symlink("a.warc", top + "/link.warc");

  std::FILE* err = std::tmpfile();
  REQUIRE(err != nullptr);
  toolcommon::Diag diag("t", err);
  auto files = toolcommon::ExpandInputs({top}, true, &diag);
  CHECK(files == std::vector<std::string>{top + "/a.warc", top + "/d/b.warc"});
  CHECK(diag.errors() == 2);  // the loops; the rest are notes
  auto skipped = [&](const std::string& path, const std::string& why) {
    return "t: " + top + path + ": skipped: " + why + "\n";
  };
  const std::string loop = "a directory loop (the same directory as " + top + ")";
  const std::string same_a = "the same file as " + top + "/a.warc, already listed";
  CHECK(Written(err) == skipped("/d/up1", loop) + skipped("/d/up2", loop) +
                            skipped("/e", "the same directory as " + top + "/d, already read") +
                            skipped("/hard.warc", same_a) + skipped("/link.warc", same_a));

  // Each argument is expanded on its own: a file named twice is listed twice,
  // as asked. With -q the notes go and the errors stay.
  std::FILE* err2 = std::tmpfile();
  REQUIRE(err2 != nullptr);
  toolcommon::Diag quiet("t", err2);
  quiet.set_verbosity(0);
  files = toolcommon::ExpandInputs({top + "/a.warc", top + "/a.warc", top}, true, &quiet);
  CHECK(files == std::vector<std::string>{top + "/a.warc", top + "/a.warc", top + "/a.warc",
                                          top + "/d/b.warc"});
  CHECK(Written(err2) == skipped("/d/up1", loop) + skipped("/d/up2", loop));
  std::fclose(err);
  std::fclose(err2);
  fs::remove_all(top);
}

TEST_CASE("Diag: a message starts on a line of its own, not after the progress line",
          "[toolcommon]") {
  std::FILE* f = std::tmpfile();
  REQUIRE(f != nullptr);
  toolcommon::Diag diag("t", f);
  SECTION("on a terminal the line is cleared, and drawn again by the next update") {
    diag.set_terminal(true);
    diag.ProgressLine("t: 1/2 files", false);
    diag.Error("x.warc.gz: offset 227: corrupt gzip member");
    diag.ProgressLine("t: 2/2 files", false);
    diag.ProgressLine("t: 2/2 files, done", true);
    diag.Info("after the progress line");
    CHECK(Written(f) ==
          "\rt: 1/2 files\x1b[K"
          "\r\x1b[Kt: x.warc.gz: offset 227: corrupt gzip member\n"
          "\rt: 2/2 files\x1b[K"
          "\rt: 2/2 files, done\x1b[K\n"
          "t: after the progress line\n");
  }
  SECTION("elsewhere every progress update is a whole line") {
    diag.set_terminal(false);
    diag.ProgressLine("t: 1/2 files", false);
    diag.Error("x.warc.gz: offset 227: corrupt gzip member");
    diag.ProgressLine("t: 2/2 files, done", true);
    CHECK(Written(f) ==
          "t: 1/2 files\n"
          "t: x.warc.gz: offset 227: corrupt gzip member\n"
          "t: 2/2 files, done\n");
  }
  std::fclose(f);
}

TEST_CASE("Progress prints its final line once", "[toolcommon]") {
  std::FILE* f = std::tmpfile();
  REQUIRE(f != nullptr);
  toolcommon::Diag diag("t", f);
  const bool terminal = GENERATE(false, true);
  diag.set_terminal(terminal);
  {
    // Finished at once, well within the first 200 ms tick: only the final line.
    toolcommon::Progress progress(&diag, true, 2, 0);
    progress.FileDone();
    progress.FileDone();
    progress.Finish();
  }  // the destructor finishes again: nothing more
  const std::string line = "t: 2/2 files, 0 B, 0 records, 0 B/s";
  CHECK(Written(f) == (terminal ? "\r" + line + "\x1b[K\n" : line + "\n"));
  std::fclose(f);
}

TEST_CASE("OrderedWorkQueue delivers in submission order whatever order jobs finish in",
          "[toolcommon]") {
  std::vector<int> delivered;
  std::atomic<int> in_window_max{0};
  std::atomic<int> outstanding{0};
  {
    toolcommon::OrderedWorkQueue<int, int> queue(
        {.threads = 4, .window = 6},
        [&](int& job) {
          // Later jobs finish first now and then.
          std::this_thread::sleep_for(std::chrono::microseconds((job % 5) * 300));
          return job * job;
        },
        [&](int& job, int& result) {
          CHECK(result == job * job);
          delivered.push_back(job);
          --outstanding;
        });
    for (int i = 0; i < 200; ++i) {
      queue.Submit(i);
      int now = ++outstanding;
      int seen = in_window_max.load();
      while (now > seen && !in_window_max.compare_exchange_weak(seen, now)) {
      }
    }
    queue.Finish();
  }
  REQUIRE(delivered.size() == 200);
  for (int i = 0; i < 200; ++i) CHECK(delivered[i] == i);
  // Submit blocks while 6 jobs are undelivered (+1: counted just after Submit returns).
  CHECK(in_window_max.load() <= 7);
}

TEST_CASE("The temp-file registry holds any number of files", "[toolcommon]") {
  size_t before = toolcommon::RegisteredTempFiles();
  std::vector<std::string> paths;
  for (int i = 0; i < 300; ++i) paths.push_back("/nonexistent/warcdedup-test-" + std::to_string(i));
  for (const auto& p : paths) toolcommon::RegisterTempFile(p);
  CHECK(toolcommon::RegisteredTempFiles() == before + 300);
  for (const auto& p : paths) toolcommon::UnregisterTempFile(p);
  CHECK(toolcommon::RegisteredTempFiles() == before);
}

TEST_CASE("A SIGTERM removes every registered temporary file, beyond 64", "[toolcommon]") {
  char tmpl[] = "/tmp/toolcommon-temps-XXXXXX";
  REQUIRE(::mkdtemp(tmpl) != nullptr);
  std::string dir = tmpl;
  pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    toolcommon::InstallInterruptHandler();
    for (int i = 0; i < 100; ++i) {
      std::string p = dir + "/t" + std::to_string(i);
      std::ofstream(p) << "x";
      toolcommon::RegisterTempFile(p);
    }
    ::raise(SIGTERM);
    ::_exit(0);  // not reached
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == toolcommon::kExitInterrupted);
  int left = 0;
  for (auto& e : std::filesystem::directory_iterator(dir)) left += e.is_regular_file();
  CHECK(left == 0);
  std::filesystem::remove_all(dir);
}

TEST_CASE("SpillBuffer reports a temporary directory it cannot use", "[toolcommon]") {
  base::SpillBuffer buffer("/nonexistent-warcdedup-dir");
  std::string data = Pattern((4 << 20) + 100, 2);
  buffer.Append(&data);
  std::string got;
  base::Status status = DrainInto(&buffer, &got);
  CHECK_FALSE(status.ok());
  CHECK(status.message().find("/nonexistent-warcdedup-dir") != std::string::npos);
}

TEST_CASE("OrderedWorkQueue with max_weight bounds the weight of undelivered jobs",
          "[toolcommon]") {
  std::vector<int> delivered;
  std::atomic<int> weight_max{0};
  std::atomic<int> outstanding{0};  // weight submitted and not yet delivered
  auto weight_of = [](int job) { return job == 99 ? 1000 : 10; };  // the last over the bound
  {
    toolcommon::OrderedWorkQueue<int, int> queue(
        {.threads = 4, .window = 100, .max_weight = 25},
        [&](int& job) {
          std::this_thread::sleep_for(std::chrono::microseconds((job % 3) * 200));
          return job;
        },
        [&](int& job, int& result) {
          CHECK(result == job);
          delivered.push_back(job);
          outstanding -= weight_of(job);
        });
    for (int i = 0; i < 100; ++i) {
      queue.Submit(i, static_cast<size_t>(weight_of(i)));
      int now = (outstanding += weight_of(i));
      if (i == 99) break;
      int seen = weight_max.load();
      while (now > seen && !weight_max.compare_exchange_weak(seen, now)) {
      }
    }
    queue.Finish();
  }
  REQUIRE(delivered.size() == 100);
  for (int i = 0; i < 100; ++i) CHECK(delivered[i] == i);
  // A job is submitted while less than 25 is undelivered: at most 24 + its own
  // (and the job heavier than the bound went, without blocking forever).
  CHECK(weight_max.load() <= 24 + 10);
}
