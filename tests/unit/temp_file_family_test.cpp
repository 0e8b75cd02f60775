// toolcommon::TempFileFamily and the commit section of the interrupt handler.
#include "toolcommon/temp_file_family.h"

#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>

#include "toolcommon/temp_files.h"

namespace fs = std::filesystem;

TEST_CASE("TempFileFamily: numbered paths", "[toolcommon]") {
  toolcommon::TempFileFamily family("out/part");
  CHECK(family.Path(0) == "out/part.0.tmp");
  CHECK(family.Path(12) == "out/part.12.tmp");
  family.set_count(3);
  family.set_count(0);
  toolcommon::TempFileFamily too_long(std::string(5000, 'x'));  // registers nothing
  too_long.set_count(1);
}

// In a child: the handler removes the family's files, and an interrupt inside
// a commit section waits for its end.
TEST_CASE("TempFileFamily: an interrupt removes the members, not during a commit", "[toolcommon]") {
  std::string tmpl = (fs::temp_directory_path() / "family-test-XXXXXX").string();
  REQUIRE(::mkdtemp(tmpl.data()) != nullptr);
  const std::string prefix = tmpl + "/part";
  for (bool committing : {false, true}) {
    pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      toolcommon::InstallInterruptHandler();
      toolcommon::TempFileFamily family(prefix);
      family.set_count(2);
      for (int i = 0; i < 2; ++i) std::ofstream(family.Path(i)) << "x";
      if (committing) {
        toolcommon::BeginCommit();
        ::raise(SIGINT);  // deferred
        ::rename(family.Path(0).c_str(), (prefix + ".0").c_str());
        family.set_count(0);  // part.1.tmp is not removed: it is no longer counted
        toolcommon::EndCommit();
        ::_exit(0);  // not reached
      }
      ::raise(SIGINT);
      ::_exit(0);  // not reached
    }
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 130);
    CHECK_FALSE(fs::exists(prefix + ".0.tmp"));
    CHECK(fs::exists(prefix + ".0") == committing);
    CHECK(fs::exists(prefix + ".1.tmp") == committing);
    fs::remove(prefix + ".0");
    fs::remove(prefix + ".1.tmp");
  }
  fs::remove_all(tmpl);
}
