#include "rewrite.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "gzmulti/member_writer.h"
#include "manifest/kept.h"
#include "toolcommon/io.h"
#include "warc/payload.h"
#include "warc/reader.h"
#include "warc/revisit.h"
#include "warc/writer.h"

namespace warcrefs {
namespace {

// Reads [offset, end) of an open file with pread.
class FdRange : public base::ByteSource {
 public:
  FdRange(int fd, uint64_t offset, uint64_t end) : fd_(fd), pos_(offset), end_(end) {}
  base::Result<size_t> Read(char* buf, size_t n) override {
    n = static_cast<size_t>(std::min<uint64_t>(n, end_ - pos_));
    if (n == 0) return size_t{0};
    for (;;) {
      ssize_t got = ::pread(fd_, buf, n, static_cast<off_t>(pos_));
      if (got >= 0) {
        pos_ += static_cast<uint64_t>(got);
        return static_cast<size_t>(got);
      }
      if (errno != EINTR) return base::Status::IOError("read error: " + base::ErrnoText(errno));
    }
  }
  base::Status Seek(uint64_t offset) override {
    pos_ = offset;
    return base::Status::Ok();
  }

 private:
  int fd_;
  uint64_t pos_, end_;
};

class FirstProblem : public warc::Reporter {
 public:
  void Problem(const base::Status& status) override {
    if (first.empty()) first = status.message();
    ++count;
  }
  std::string first;
  uint64_t count = 0;
};

// How many problems a sequential read of the file reports before it reaches
// a record that starts at or after `end`.
uint64_t ProblemsBefore(int fd, uint64_t file_size, uint64_t end) {
  FdRange whole(fd, 0, file_size);
  FirstProblem problems;
  warc::RecordReader reader(&whole, {}, &problems);
  warc::Record record;
  while (reader.Next(&record) && record.offset < end) {
  }
  return problems.count;
}

struct Inspection {
  enum class Kind { kConvert, kAlready, kKeep, kMismatch } kind = Kind::kMismatch;
  std::string reason;  // for people: why kept, or what does not match
  manifest::KeptReason kept = manifest::KeptReason::kUnknown;  // kKeep: the kept list's reason
  uint64_t length = 0;        // the record's length in the file as it is
  std::string revisit_bytes;  // kConvert: the record to write instead
  std::string record_id;
  std::string payload_digest;  // the revisit's WARC-Payload-Digest
  std::string version;
  std::string content_type;    // the revisit's, as the response had it
};

// Reads the record at `offset` and decides what to do with the line.
// Writes revisit records into a string; one per file, since setting up a
// deflate stream per record would cost more than the record.
class RevisitWriter {
 public:
  explicit RevisitWriter(bool gzip)
      : gzip_(gzip), writer_([this](std::string_view d) { return Append(d); }, Options(gzip)) {}
  bool gzip() const { return gzip_; }
  base::Status Write(const warc::Revisit& r, std::string* out) {
    out_ = out;
    return writer_.Write(r.version, r.headers, r.block);
  }

 private:
  static warc::WriterOptions Options(bool gzip) {
    warc::WriterOptions o;
    o.gzip = gzip;
    return o;
  }
  base::Status Append(std::string_view data) {
    out_->append(data);
    return base::Status::Ok();
  }
  bool gzip_;
  std::string* out_ = nullptr;
  warc::RecordWriter writer_;
};

Inspection Inspect(int fd, uint64_t file_size, uint64_t offset, RevisitWriter* writer,
                   const manifest::Entry& e, const RewriteOptions& rewrite, bool to_end = false) {
  Inspection result;
  auto mismatch = [&](const std::string& why) {
    result.kind = Inspection::Kind::kMismatch;
    result.reason = why;
    return result;
  };
  if (offset >= file_size) return mismatch("offset is past the end of the file");
  // "-" is an empty field: a revisit naming no original resolves to nothing.
  // (A manifest written before "%2D" stood for a real "-" says "-" for both.)
  if (e.ref_uri == "-" || e.ref_date == "-")
    return mismatch(std::string("the manifest gives its original an empty ") +
                    (e.ref_uri == "-" ? "URI" : "date") + "; a revisit must name its original");
  // A revisit that names its own URI and date as its original's could
  // resolve to itself: two captures of a URL in the same second (or one
  // record stored twice) stay as they are, a missed saving but no error.
  if (e.ref_uri == e.uri && e.ref_date == e.date) {
    result.kind = Inspection::Kind::kKeep;
    result.kept = manifest::KeptReason::kSameCapture;
    result.reason = "kept: its original has the same URI and date (a revisit could resolve to itself)";
    return result;
  }
  // Converted, the record other lines name as their original would leave
  // their revisits with nothing to resolve to: the manifest contradicts itself.
  if (rewrite.manifest_refs && rewrite.manifest_refs->HasOriginal(e.uri, e.date, e.digest))
    return mismatch("other lines of the manifest name this record as their original, "
                    "but its own line makes it a copy");
  if (rewrite.originals) {
    auto names = rewrite.originals->NamesItsOriginal(e);
    if (names && !*names)
      return mismatch("the manifest's original of its digest and extension is another record "
                      "than its ref-uri and ref-date name");
  }
  auto kept_for_revisit = [&] {
    result.kind = Inspection::Kind::kKeep;
    result.kept = manifest::KeptReason::kReferenced;
    result.reason = "kept: an existing revisit refers to it";
    return result;
  };
  if (rewrite.revisit_refs && rewrite.revisit_refs->Refers(e.uri, e.date, e.digest))
    return kept_for_revisit();
  // The line's length bounds what needs reading, except for a revisit written
  // by an earlier run that is longer than the record it replaced (a tiny
  // payload): that is read again without the bound.
  // In a gzip file, bytes that are not a member header would be read as
  // plain text: say what is wrong rather than what a plain reader says.
  unsigned char magic[2] = {0, 0};
  if (writer->gzip() && (::pread(fd, magic, 2, static_cast<off_t>(offset)) != 2 || magic[0] != 0x1f ||
                         magic[1] != 0x8b))
    return mismatch("no gzip member starts here");
  uint64_t end = to_end ? file_size : std::min(file_size, offset + e.length);
  auto again = [&] { return Inspect(fd, file_size, offset, writer, e, rewrite, true); };
  FdRange range(fd, offset, end);
  FirstProblem problems;
  gzmulti::ReaderOptions options;
  options.start_offset = offset;
  options.limit = end - offset;
  warc::RecordReader reader(&range, options, &problems);
  warc::Record record;
  if (!reader.Next(&record)) {
    if (end < file_size) return again();
    return mismatch("no record starts here: " + problems.first);
  }
  // The reader passes over blank lines and empty gzip members to the next record.
  if (record.offset != offset)
    return mismatch("no record starts here (the next one is at offset " +
                    std::to_string(record.offset) + ")");
  if (manifest::EncodeField(record.TargetUri()) != e.uri ||
      manifest::EncodeField(record.Date()) != e.date) {
    return mismatch("the record here has uri \"" + manifest::EncodeField(record.TargetUri()) +
                    "\" and date \"" + manifest::EncodeField(record.Date()) +
                    "\", not the manifest's");
  }
  std::string ref_uri = manifest::DecodeField(e.ref_uri), ref_date = manifest::DecodeField(e.ref_date);
  if (record.type == warc::kRevisit) {
    // Converted by an earlier run: fine if it refers to the same original.
    uint64_t length = 0;
    if (!reader.Finish(&length)) {
      if (end < file_size) return again();
      return mismatch("revisit record not read completely: " + problems.first);
    }
    if (record.headers.First("WARC-Refers-To-Target-URI").value_or("") != ref_uri ||
        record.headers.First("WARC-Refers-To-Date").value_or("") != ref_date)
      return mismatch("already a revisit, but of another original");
    result.kind = Inspection::Kind::kAlready;
    result.length = length;
    return result;
  }
  if (record.type != warc::kResponse) return mismatch("not a response record");
  // ARC has no revisit record: its copies stay, a missed saving but no error.
  if (record.format == warc::FileFormat::kArc) {
    result.kind = Inspection::Kind::kKeep;
    result.kept = manifest::KeptReason::kArc;
    result.reason = "kept: ARC records cannot become revisits";
    return result;
  }
  // The drafts before WARC 1.0 have no revisit that names its original by
  // URI and date, and no replay tool is known to resolve one: kept.
  if (record.version == "WARC/0.17" || record.version == "WARC/0.18") {
    result.kind = Inspection::Kind::kKeep;
    result.kept = manifest::KeptReason::kWarcDraft;
    result.reason = "kept: " + record.version + " records are not converted (a draft of WARC)";
    return result;
  }
  if (rewrite.revisit_refs &&
      rewrite.revisit_refs->Refers(e.uri, e.date, e.digest,
                                   manifest::EncodeField(record.headers.First("WARC-Record-ID").value_or(""))))
    return kept_for_revisit();

  auto digest = [&]() -> base::Result<warc::Digest> { return warc::ParseDigest(e.digest); }();
  if (!digest.ok()) return mismatch("manifest digest: " + digest.status().message());
  // The revisit keeps the stored WARC-Payload-Digest, which replay tools
  // match: it has to be the payload's.
  auto stored_text = record.headers.First("WARC-Payload-Digest");
  auto stored = warc::ParseDigest(stored_text.value_or(""));
  if (stored_text && !stored.ok())
    return mismatch("stored WARC-Payload-Digest: " + stored.status().message());
  // One pass hashes for the manifest's algorithm, for a revisit's
  // WARC-Payload-Digest (sha1) and for checking the stored digest; a hasher
  // is shared where the algorithms are the same.
  warc::Hasher hasher(digest->algorithm);
  bool manifest_sha1 = digest->algorithm == warc::DigestAlgorithm::kSha1;
  warc::Hasher sha1_own(warc::DigestAlgorithm::kSha1);
  warc::Hasher& sha1 = manifest_sha1 ? hasher : sha1_own;
  bool other = stored.ok() && stored->algorithm != warc::DigestAlgorithm::kSha1;
  warc::Hasher stored_hasher(other ? stored->algorithm : warc::DigestAlgorithm::kSha1);
  warc::PayloadStream payload(&reader, record);
  std::string_view piece;
  while (payload.Next(&piece)) {
    hasher.Update(piece);
    if (!manifest_sha1) sha1.Update(piece);
    if (other) stored_hasher.Update(piece);
  }
  std::string http_header = payload.has_http_header() ? payload.splitter().header() : "";
  uint64_t length = 0;
  if (!reader.Finish(&length)) return mismatch("record not read completely: " + problems.first);
  if (length != e.length)
    return mismatch("the record is " + std::to_string(length) + " bytes, the manifest says " +
                    std::to_string(e.length));
  warc::Digest computed = hasher.Final();
  if (computed.ToManifestString() != e.digest)
    return mismatch("payload digest is " + computed.ToManifestString() + ", the manifest says " +
                    e.digest);
  warc::Digest payload_sha1 = manifest_sha1 ? computed : sha1.Final();
  // A revisit without a date may name the payload by its sha1 only.
  if (rewrite.revisit_refs && !manifest_sha1 &&
      rewrite.revisit_refs->Refers(e.uri, e.date, payload_sha1.ToManifestString()))
    return kept_for_revisit();
  if (stored_text && !((other ? stored_hasher.Final() : payload_sha1) == *stored))
    return mismatch("the stored WARC-Payload-Digest " + std::string(*stored_text) +
                    " is not the payload's");
  auto revisit = warc::MakeRevisit(record, http_header, payload_sha1, ref_uri, ref_date);
  if (!revisit.ok()) return mismatch("cannot convert: " + revisit.status().message());

  if (auto s = writer->Write(*revisit, &result.revisit_bytes); !s.ok())
    return mismatch("cannot write the revisit: " + s.message());
  // As stored (compressed in a gzip file): converting must never make a file
  // bigger.
  if (result.revisit_bytes.size() >= length) {
    result.kind = Inspection::Kind::kKeep;
    result.kept = manifest::KeptReason::kWouldGrow;
    result.reason = "kept: its revisit (" + std::to_string(result.revisit_bytes.size()) +
                    " bytes) would not be smaller than the record (" + std::to_string(length) +
                    " bytes)";
    result.revisit_bytes.clear();
    return result;
  }
  result.kind = Inspection::Kind::kConvert;
  result.length = length;
  result.record_id = std::string(*record.headers.First("WARC-Record-ID"));
  result.payload_digest = std::string(revisit->headers.First("WARC-Payload-Digest").value_or(""));
  result.version = revisit->version;
  result.content_type = std::string(revisit->headers.First("Content-Type").value_or(""));
  return result;
}

struct Conversion {
  uint64_t in_offset, in_length, out_offset, out_length;
  const manifest::Entry* entry;
  std::string record_id, payload_digest, version, content_type;
};

// Appends to a file descriptor through a buffer.
class Output {
 public:
  explicit Output(int fd) : fd_(fd) {}
  base::Status Write(std::string_view data) {
    written_ += data.size();
    if (buffer_.size() + data.size() > (1 << 20)) {
      if (auto s = Flush(); !s.ok()) return s;
      if (data.size() >= (1 << 20)) return base::WriteAll(fd_, data.data(), data.size());
    }
    buffer_.append(data);
    return base::Status::Ok();
  }
  base::Status Flush() {
    auto s = base::WriteAll(fd_, buffer_.data(), buffer_.size());
    buffer_.clear();
    return s;
  }
  uint64_t written() const { return written_; }

 private:
  int fd_;
  std::string buffer_;
  uint64_t written_ = 0;
};

base::Status CopyRange(int in_fd, uint64_t offset, uint64_t length, Output* out) {
  FdRange range(in_fd, offset, offset + length);
  return gzmulti::CopyRaw(&range, length, [&](std::string_view d) { return out->Write(d); });
}

// Compares two byte ranges through two caller-owned buffers of equal size
// (called once per gap between revisits: allocating here would dominate).
base::Status SameBytes(int a_fd, uint64_t a_offset, int b_fd, uint64_t b_offset, uint64_t length,
                       std::vector<char>& a, std::vector<char>& b) {
  FdRange ra(a_fd, a_offset, a_offset + length), rb(b_fd, b_offset, b_offset + length);
  for (uint64_t done = 0; done < length;) {
    size_t n = static_cast<size_t>(std::min<uint64_t>(a.size(), length - done));
    for (auto [range, buf] : {std::pair{&ra, &a}, std::pair{&rb, &b}}) {
      for (size_t got = 0; got < n;) {
        auto r = range->Read(buf->data() + got, n - got);
        if (!r.ok()) return r.status();
        if (*r == 0) return base::Status::Corruption("file ends early");
        got += *r;
      }
    }
    if (std::memcmp(a.data(), b.data(), n) != 0)
      return base::Status::Corruption("bytes differ from the input near output offset " +
                                      std::to_string(b_offset + done));
    done += n;
  }
  return base::Status::Ok();
}

// Whether the file holds `data` at `offset` (read through buf).
bool SameAsWritten(int fd, uint64_t offset, std::string_view data, std::vector<char>& buf) {
  FdRange range(fd, offset, offset + data.size());
  for (size_t done = 0; done < data.size();) {
    auto r = range.Read(buf.data(), std::min(buf.size(), data.size() - done));
    if (!r.ok() || *r == 0 || std::memcmp(buf.data(), data.data() + done, *r) != 0) return false;
    done += *r;
  }
  return true;
}

// The after-manifest of a new file, held back until the file is verified
// and renamed.
struct AfterLines {
  toolcommon::SpillBuffer lines;
  std::vector<std::string> problems;  // damaged records (as in the input), not listed
};

// Reads back a revisit that the sequential read found at its place: every
// field it must have, and its block complete.
base::Status CheckRevisit(const warc::Record& record, warc::RecordReader* reader,
                          const Conversion& c, const std::string& first_problem) {
  uint64_t length = 0;
  std::string_view piece;
  std::string block;
  while (reader->ReadBlock(&piece)) block.append(piece);
  if (!reader->Finish(&length) || length != c.out_length)
    return base::Status::Corruption("revisit at offset " + std::to_string(c.out_offset) +
                                    " does not read back: " + first_problem);
  const auto& h = record.headers;
  std::string ref_uri = manifest::DecodeField(c.entry->ref_uri);
  std::string ref_date = manifest::DecodeField(c.entry->ref_date);
  bool ok = record.type == warc::kRevisit && record.version == c.version &&
            h.Sole("WARC-Record-ID").value_or("") == c.record_id &&
            h.Sole("WARC-Profile").value_or("") == warc::IdenticalPayloadProfile(c.version) &&
            h.Sole("WARC-Refers-To-Target-URI").value_or("") == ref_uri &&
            h.Sole("WARC-Refers-To-Date").value_or("") == ref_date &&
            h.Sole("WARC-Payload-Digest").value_or("") == c.payload_digest &&
            h.Sole("WARC-Truncated").value_or("") == "length" &&
            h.Sole("Content-Type").value_or("") == c.content_type &&
            manifest::EncodeField(record.TargetUri()) == c.entry->uri &&
            manifest::EncodeField(record.Date()) == c.entry->date &&
            record.content_length == block.size();
  if (!ok)
    return base::Status::Corruption("revisit at offset " + std::to_string(c.out_offset) +
                                    " lacks a required field");
  if (auto stored = h.First("WARC-Block-Digest")) {
    auto digest = warc::ParseDigest(*stored);
    bool same = digest.ok();
    if (same) {
      warc::Hasher hasher(digest->algorithm);
      hasher.Update(block);
      same = hasher.Final() == *digest;
    }
    if (!same)
      return base::Status::Corruption("revisit at offset " + std::to_string(c.out_offset) +
                                      ": its WARC-Block-Digest is not its block's");
  }
  return base::Status::Ok();
}

// Re-reads the new file: untouched ranges are byte-identical to the input,
// and one sequential read of the whole file finds every revisit at its place
// with the fields it must have. That read is warcsum's: with `after` set, its
// manifest lines (the after-manifest) come from the same pass.
base::Status Verify(int in_fd, uint64_t in_size, int out_fd, uint64_t out_size,
                    const std::vector<Conversion>& conversions, const std::vector<std::string>& written,
                    const std::string& file_field, const warcsum::SumOptions* after_sum,
                    AfterLines* after) {
  uint64_t in_pos = 0, out_pos = 0;
  std::vector<char> a(1 << 20), b(1 << 20);
  for (size_t i = 0; i < conversions.size(); ++i) {
    const Conversion& c = conversions[i];
    if (auto s = SameBytes(in_fd, in_pos, out_fd, out_pos, c.in_offset - in_pos, a, b); !s.ok())
      return s;
    // The revisit on disk is the one built (a plain file has no CRC to
    // catch a changed byte in its block).
    if (!SameAsWritten(out_fd, c.out_offset, written[i], b))
      return base::Status::Corruption("revisit at offset " + std::to_string(c.out_offset) +
                                      " does not read back as written");
    in_pos = c.in_offset + c.in_length;
    out_pos = c.out_offset + c.out_length;
  }
  if (in_size - in_pos != out_size - out_pos)
    return base::Status::Corruption("the new file has the wrong size");
  if (auto s = SameBytes(in_fd, in_pos, out_fd, out_pos, in_size - in_pos, a, b); !s.ok()) return s;

  FdRange whole(out_fd, 0, out_size);
  size_t next = 0;
  base::Status revisits;
  // Damage met (the first message, the count; all of them for the after-manifest).
  std::string first_problem;
  uint64_t problem_count = 0, problems_to_last_revisit = 0;
  warcsum::FileSink sink;
  sink.lines = [&](std::string* lines) {
    if (after) after->lines.Append(lines);
    lines->clear();
  };
  sink.message = [&](const std::string& m) {
    if (problem_count++ == 0) first_problem = m;
    if (after) after->problems.push_back(m);
  };
  sink.record = [&](const warc::Record& record, warc::RecordReader* reader) {
    if (!revisits.ok() || next == conversions.size()) return false;
    const Conversion& c = conversions[next];
    if (record.offset < c.out_offset) return false;  // untouched: compared above
    if (record.offset > c.out_offset) {
      revisits = base::Status::Corruption("no record starts at revisit offset " +
                                          std::to_string(c.out_offset));
      return false;
    }
    ++next;
    revisits = CheckRevisit(record, reader, c, first_problem);
    if (next == conversions.size()) problems_to_last_revisit = problem_count;
    return true;
  };
  warcsum::SumOptions sum;
  if (after_sum) {
    sum = *after_sum;
  } else {
    sum.types = 0;  // nothing listed, nothing hashed
  }
  warcsum::SumSource(&whole, file_field, sum, sink);
  if (!revisits.ok()) return revisits;
  if (next < conversions.size())
    return base::Status::Corruption("revisit at offset " + std::to_string(conversions[next].out_offset) +
                                    " not found reading the file from its start" +
                                    (first_problem.empty() ? "" : ": " + first_problem));
  // After damage the reader goes on at the next gzip member header it finds,
  // even one stored inside another record's payload: damage the input does
  // not have means a revisit was written over part of another record.
  // (Up to the last revisit: the rest is the input's tail, byte for byte.)
  const Conversion& last = conversions.back();
  if (problems_to_last_revisit > 0 &&
      problems_to_last_revisit > ProblemsBefore(in_fd, in_size, last.in_offset + last.in_length))
    return base::Status::Corruption("the new file reads with damage the input does not have: " +
                                    first_problem);
  return base::Status::Ok();
}

std::string DirName(const std::string& path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
}

std::string BaseName(const std::string& path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

base::Status SyncDirectory(const std::string& dir) {
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return base::Status::IOError(dir + ": " + base::ErrnoText(errno));
  int rc = ::fsync(fd);
  ::close(fd);
  if (rc != 0) return base::Status::IOError(dir + ": fsync: " + base::ErrnoText(errno));
  return base::Status::Ok();
}

// A file still being written to (an open crawl's WARC, say) or replaced
// while we read it must not lose what came in meanwhile: checked just before
// the rename, so the window left is the rename itself.
base::Status InputUnchanged(int in_fd, const std::string& input, const struct stat& before) {
  struct stat now;
  if (::fstat(in_fd, &now) != 0) return base::Status::IOError("fstat: " + base::ErrnoText(errno));
  if (now.st_size != before.st_size || now.st_mtim.tv_sec != before.st_mtim.tv_sec ||
      now.st_mtim.tv_nsec != before.st_mtim.tv_nsec)
    return base::Status::Corruption("the input changed while it was being rewritten (" +
                                    std::to_string(before.st_size) + " bytes when it was read, " +
                                    std::to_string(now.st_size) + " now)");
  if (::stat(input.c_str(), &now) != 0 || now.st_ino != before.st_ino || now.st_dev != before.st_dev)
    return base::Status::Corruption("the input was replaced by another file while it was being rewritten");
  return base::Status::Ok();
}

// RewriteFile without the after-manifest of a file left as it was; `after`
// (null: none wanted) receives the new file's lines.
FileResult Rewrite(const std::string& input, const std::vector<manifest::Entry>& dups,
                   const RewriteOptions& options, AfterLines* after) {
  FileResult result;
  result.lines = dups.size();
  int in_fd = ::open(input.c_str(), O_RDONLY | O_CLOEXEC);
  if (in_fd < 0) {
    result.problems.push_back("cannot open: " + base::ErrnoText(errno));
    return result;
  }
  struct stat st;
  if (::fstat(in_fd, &st) != 0) {
    result.problems.push_back("cannot stat: " + base::ErrnoText(errno));
    ::close(in_fd);
    return result;
  }
  uint64_t in_size = static_cast<uint64_t>(st.st_size);
  result.bytes_before = result.bytes_after = in_size;
  unsigned char magic[2] = {0, 0};
  bool gzip = ::pread(in_fd, magic, 2, 0) == 2 && magic[0] == 0x1f && magic[1] == 0x8b;

  // Decide every line first; write only if something is to change.
  RevisitWriter revisit_writer(gzip);
  std::vector<Conversion> conversions;
  std::vector<std::string> revisits;
  int64_t shift = 0;      // how much earlier records already converted moved this one back
  uint64_t in_pos = 0;    // end of the last record decided on
  uint64_t out_pos = 0;
  for (const auto& e : dups) {
    std::string where = "offset " + std::to_string(e.offset) + ": ";
    int64_t moved = static_cast<int64_t>(e.offset) - shift;
    if (moved < 0 || static_cast<uint64_t>(moved) < in_pos) {
      result.problems.push_back(where + "overlaps the record before it; not applied");
      continue;
    }
    uint64_t offset = static_cast<uint64_t>(moved);
    Inspection inspection = Inspect(in_fd, in_size, offset, &revisit_writer, e, options);
    if (inspection.kind == Inspection::Kind::kMismatch) {
      result.problems.push_back(where + inspection.reason + "; not applied");
      continue;
    }
    if (inspection.kind == Inspection::Kind::kKeep) {
      result.notes.push_back(where + inspection.reason);
      std::string detail = inspection.reason.substr(inspection.reason.rfind("kept: ", 0) == 0 ? 6 : 0);
      result.kept.push_back(manifest::FormatKeptLine(e.file, e.offset, e.uri, e.date, e.digest,
                                                     inspection.kept, detail));
      continue;
    }
    if (inspection.kind == Inspection::Kind::kAlready) {
      ++result.already;
      shift += static_cast<int64_t>(e.length) - static_cast<int64_t>(inspection.length);
      in_pos = offset + inspection.length;
      continue;
    }
    out_pos += offset - in_pos;
    conversions.push_back({offset, inspection.length, out_pos, inspection.revisit_bytes.size(), &e,
                           inspection.record_id, inspection.payload_digest, inspection.version,
                           inspection.content_type});
    out_pos += inspection.revisit_bytes.size();
    in_pos = offset + inspection.length;
    revisits.push_back(std::move(inspection.revisit_bytes));
  }
  result.converted = conversions.size();
  for (const auto& c : conversions) result.bytes_after -= c.in_length - c.out_length;
  if (conversions.empty() || options.dry_run) {
    ::close(in_fd);
    return result;
  }

  // Write NAME's replacement next to the target, then verify, sync, rename.
  std::string dir = DirName(options.target);
  std::string tmp = dir + "/." + BaseName(options.target) + ".warcrefs-XXXXXX";
  int out_fd = ::mkstemp(tmp.data());
  auto fail = [&](const std::string& why) {
    result.problems.push_back(why + "; " + (options.in_place ? "file left as it was"
                                                                     : "nothing written"));
    result.bytes_after = result.bytes_before;
    result.converted = 0;  // nothing was written
    if (out_fd >= 0) {
      ::close(out_fd);
      ::unlink(tmp.c_str());
      toolcommon::UnregisterTempFile(tmp);
    }
    ::close(in_fd);
    return result;
  };
  if (out_fd < 0) {
    out_fd = -1;
    return fail("cannot create a temporary file in " + dir + ": " + base::ErrnoText(errno));
  }
  toolcommon::RegisterTempFile(tmp);
  Output out(out_fd);
  in_pos = 0;
  for (size_t i = 0; i < conversions.size(); ++i) {
    const Conversion& c = conversions[i];
    if (auto s = CopyRange(in_fd, in_pos, c.in_offset - in_pos, &out); !s.ok())
      return fail("cannot write " + tmp + ": " + s.message());
    if (auto s = out.Write(revisits[i]); !s.ok()) return fail("cannot write " + tmp + ": " + s.message());
    in_pos = c.in_offset + c.in_length;
  }
  if (auto s = CopyRange(in_fd, in_pos, in_size - in_pos, &out); !s.ok())
    return fail("cannot write " + tmp + ": " + s.message());
  if (auto s = out.Flush(); !s.ok()) return fail("cannot write " + tmp + ": " + s.message());
  if (::fsync(out_fd) != 0) return fail("cannot sync " + tmp + ": " + base::ErrnoText(errno));
  if (auto s = Verify(in_fd, in_size, out_fd, out.written(), conversions, revisits, BaseName(input),
                      after ? &options.after_sum : nullptr, after);
      !s.ok())
    return fail("verification of the new file failed: " + s.message());
  if (auto s = InputUnchanged(in_fd, input, st); !s.ok()) return fail(s.message());
  // The new file takes the old one's owner and mode (the owner only where we may).
  if (::fchown(out_fd, st.st_uid, st.st_gid) != 0) {
  }
  ::fchmod(out_fd, st.st_mode & 07777);
  ::close(out_fd);
  out_fd = -1;
  if (::rename(tmp.c_str(), options.target.c_str()) != 0) {
    int err = errno;
    ::unlink(tmp.c_str());
    toolcommon::UnregisterTempFile(tmp);
    result.problems.push_back("cannot rename the new file into place: " + base::ErrnoText(err));
    result.bytes_after = result.bytes_before;
    result.converted = 0;
    ::close(in_fd);
    return result;
  }
  toolcommon::UnregisterTempFile(tmp);
  if (auto s = SyncDirectory(dir); !s.ok()) result.problems.push_back(s.message());
  result.written = true;
  ::close(in_fd);
  return result;
}

}  // namespace

void OriginalIndex::Add(const manifest::Entry& original) {
  originals_.emplace_back(manifest::KeyOf({original.digest, std::to_string(original.ext)}),
                          manifest::KeyOf({original.uri, original.date}));
}

void OriginalIndex::Seal() { std::sort(originals_.begin(), originals_.end()); }

std::optional<bool> OriginalIndex::NamesItsOriginal(const manifest::Entry& copy) const {
  uint64_t group = manifest::KeyOf({copy.digest, std::to_string(copy.ext)});
  auto it = std::lower_bound(originals_.begin(), originals_.end(), std::make_pair(group, uint64_t{0}));
  if (it == originals_.end() || it->first != group) return std::nullopt;
  uint64_t named = manifest::KeyOf({copy.ref_uri, copy.ref_date});
  for (; it != originals_.end() && it->first == group; ++it)
    if (it->second == named) return true;
  return false;
}

FileResult RewriteFile(const std::string& input, const std::vector<manifest::Entry>& dups,
                       const RewriteOptions& options) {
  if (!options.after_lines) return Rewrite(input, dups, options, nullptr);
  AfterLines after;
  FileResult result = Rewrite(input, dups, options, &after);
  const std::string note = " (not listed in the after-manifest)";
  if (result.written) {
    auto s = after.lines.Drain([&](const char* data, size_t n) {
      std::string piece(data, n);
      options.after_lines(&piece);
      return base::Status::Ok();
    });
    if (!s.ok()) {
      result.problems.push_back("after-manifest: " + s.message());
      result.after_incomplete = true;
    }
    for (const auto& p : after.problems) result.problems.push_back(p + note);
    return result;
  }
  // Not rewritten: the file after the run is the input as it is.
  auto source = base::FileSource::Open(input);
  if (!source.ok()) {
    result.problems.push_back("after-manifest: " + source.status().message());
    return result;
  }
  warcsum::FileSink sink;
  sink.lines = options.after_lines;
  sink.message = [&](const std::string& m) { result.problems.push_back(m + note); };
  warcsum::SumSource(source->get(), BaseName(input), options.after_sum, sink);
  return result;
}

}  // namespace warcrefs
