// The one registry of temporary files, and the one SIGINT/SIGTERM handler
// that removes them: an interrupted run leaves no half-written file behind.
// Any number of files can be registered at once.
#pragma once

#include <string>

namespace toolcommon {

// Installs the handler: it removes every registered file and exits with
// status 130 (kExitInterrupted).
void InstallInterruptHandler();

// Adds path to the files the handler removes; UnregisterTempFile takes it off
// again (after it was renamed into place or removed). Thread-safe.
void RegisterTempFile(const std::string& path);
void UnregisterTempFile(const std::string& path);

// How many paths are registered now (for tests).
size_t RegisteredTempFiles();

}  // namespace toolcommon
