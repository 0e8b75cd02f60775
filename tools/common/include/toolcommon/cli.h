// Command-line conventions shared by every tool: --version, -q, -v,
// --progress, and CLI11's parse errors mapped to exit status 2.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "toolcommon/diag.h"

namespace toolcommon {

extern const char* const kVersion;

struct CommonOptions {
  bool quiet = false;
  int verbose = 0;
  bool progress = false;
  // -q gives 0, default 1, each -v adds one.
  int Verbosity() const { return quiet ? 0 : 1 + verbose; }
};

// Adds -q/--quiet, -v/--verbose, --progress and --version to app.
void AddCommonOptions(CLI::App* app, CommonOptions* options);

// Parses argv. Returns -1 to go on, otherwise the exit status to return now:
// 0 after --help or --version, 2 after a usage error (message on stderr). An
// unknown option or extra argument is the error reported when there are several.
int ParseCommandLine(CLI::App* app, int argc, char** argv);

// The one way a usage error is reported, by every tool: prints
//   TOOL: MESSAGE
//   Try 'TOOL --help' for more information.
// on stderr and returns kExitUsage (2).
int UsageError(const std::string& tool, const std::string& message);

}  // namespace toolcommon
