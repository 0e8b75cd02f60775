#include "output.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>

#include "toolcommon/diag.h"
#include "toolcommon/temp_files.h"

namespace warcgen {
namespace {

constexpr size_t kFlushBytes = 1 << 20;

bool NeedsEscape(unsigned char c) { return c <= 0x20 || c >= 0x7f; }

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

}  // namespace

base::Status BufferedFile::Append(std::string_view data) {
  buffer_.append(data);
  bytes_ += data.size();
  return buffer_.size() >= kFlushBytes ? Flush() : base::Status::Ok();
}

base::Status BufferedFile::Commit() {
  if (auto s = Flush(); !s.ok()) return s;
  return file_.Commit();
}

base::Status BufferedFile::Flush() {
  auto s = file_.Write(buffer_.data(), buffer_.size());
  buffer_.clear();
  return s;
}

void AppendField(std::string_view raw, std::string* out) {
  if (raw.empty()) out->push_back('-');
  static const char kHex[] = "0123456789ABCDEF";
  for (size_t i = 0; i < raw.size(); ++i) {
    auto c = static_cast<unsigned char>(raw[i]);
    bool escape = NeedsEscape(c);
    if (c == '%' && i + 2 < raw.size() && HexDigit(raw[i + 1]) >= 0 && HexDigit(raw[i + 2]) >= 0) {
      auto byte = static_cast<unsigned char>(HexDigit(raw[i + 1]) * 16 + HexDigit(raw[i + 2]));
      escape = NeedsEscape(byte) || byte == '%';
    }
    if (escape) {
      out->push_back('%');
      out->push_back(kHex[c >> 4]);
      out->push_back(kHex[c & 15]);
    } else {
      out->push_back(raw[i]);
    }
  }
}

void AppendManifestLine(std::string_view file, uint64_t offset, uint64_t length,
                        std::string_view uri, std::string_view date, std::string_view digest,
                        std::string* out) {
  AppendField(file, out);
  out->append(" ").append(std::to_string(offset)).append(" ");
  out->append(std::to_string(length)).append(" ");
  AppendField(uri, out);
  out->push_back(' ');
  AppendField(date, out);
  out->append(" ").append(digest).append("\n");
}

int RunGenerator(const std::string& out_dir, const std::function<base::Status()>& generate,
                 double* seconds) {
  std::error_code ec;
  if (!out_dir.empty()) std::filesystem::create_directories(out_dir, ec);
  if (ec) {
    std::cerr << "warcgen: " << out_dir << ": cannot create directory: " << ec.message() << "\n";
    return toolcommon::kExitSomeInputsFailed;
  }
  toolcommon::InstallInterruptHandler();
  auto start = std::chrono::steady_clock::now();
  if (auto s = generate(); !s.ok()) {
    std::cerr << "warcgen: " << s.message() << "\n";
    return toolcommon::kExitSomeInputsFailed;
  }
  *seconds = std::max(
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 1e-3);
  return toolcommon::kExitSuccess;
}

}  // namespace warcgen
