#include "dedup/verify.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "base/fd_range.h"
#include "base/temp_file.h"
#include "first_read_problem.h"
#include "gzmulti/member_writer.h"
#include "manifest/entry.h"
#include "warc/digest.h"
#include "warc/revisit.h"

namespace dedup {
namespace {

// Compares two byte ranges through two caller-owned buffers of equal size
// (called once per gap between revisits: allocating here would dominate).
base::Status SameBytes(int a_fd, uint64_t a_offset, int b_fd, uint64_t b_offset, uint64_t length,
                       std::vector<char>& a, std::vector<char>& b) {
  base::FdRange ra(a_fd, a_offset, a_offset + length), rb(b_fd, b_offset, b_offset + length);
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

// Whether the file holds, at `offset`, `length` bytes whose SHA-256 is
// `sha256` (read through buf).
bool SameAsWritten(int fd, uint64_t offset, uint64_t length, const std::string& sha256,
                   std::vector<char>& buf) {
  base::FdRange range(fd, offset, offset + length);
  warc::Hasher hasher(warc::DigestAlgorithm::kSha256);
  for (uint64_t done = 0; done < length;) {
    auto r =
        range.Read(buf.data(), static_cast<size_t>(std::min<uint64_t>(buf.size(), length - done)));
    if (!r.ok() || *r == 0) return false;
    hasher.Update(std::string_view(buf.data(), *r));
    done += *r;
  }
  return hasher.Final().bytes == sha256;
}

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
  bool ok = record.type == warc::kRevisit && record.version == c.version &&
            h.Sole("WARC-Record-ID").value_or("") == c.record_id &&
            h.Sole("WARC-Profile").value_or("") == warc::IdenticalPayloadProfile(c.version) &&
            h.Sole("WARC-Refers-To-Target-URI").value_or("") == c.ref_uri &&
            h.Sole("WARC-Refers-To-Date").value_or("") == c.ref_date &&
            h.Sole("WARC-Payload-Digest").value_or("") == c.payload_digest &&
            h.Sole("WARC-Truncated").value_or("") == "length" &&
            h.Sole("Content-Type").value_or("") == c.content_type &&
            manifest::EncodeField(record.TargetUri()) == c.uri &&
            manifest::EncodeField(record.Date()) == c.date && record.content_length == block.size();
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

bool WriteField(std::FILE* f, std::string_view s) {
  uint64_t n = s.size();
  return std::fwrite(&n, sizeof n, 1, f) == 1 && (n == 0 || std::fwrite(s.data(), n, 1, f) == 1);
}

bool ReadField(std::FILE* f, std::string* s) {
  uint64_t n = 0;
  if (std::fread(&n, sizeof n, 1, f) != 1 || n > (uint64_t{1} << 30)) return false;
  s->resize(static_cast<size_t>(n));
  return n == 0 || std::fread(s->data(), n, 1, f) == 1;
}

}  // namespace

uint64_t ProblemsBefore(int fd, uint64_t file_size, uint64_t end) {
  base::FdRange whole(fd, 0, file_size);
  FirstReadProblem problems;
  warc::RecordReader reader(&whole, {}, &problems);
  warc::Record record;
  while (reader.Next(&record) && record.offset < end) {
  }
  return problems.count;
}

std::string Sha256(std::string_view bytes) {
  warc::Hasher hasher(warc::DigestAlgorithm::kSha256);
  hasher.Update(bytes);
  return hasher.Final().bytes;
}

ConversionLog::~ConversionLog() {
  if (file_) std::fclose(file_);
}

base::Status ConversionLog::Append(const Conversion& c) {
  if (!status_.ok()) return status_;
  if (!file_) {
    auto fd = base::OpenAnonymousTempFile();
    if (!fd.ok()) return status_ = fd.status();
    if (!(file_ = ::fdopen(*fd, "w+b"))) {
      status_ = base::Status::IOError("cannot create a temporary file: " + base::ErrnoText(errno));
      ::close(*fd);
      return status_;
    }
  }
  uint64_t numbers[] = {c.in_offset, c.in_length, c.out_offset, c.out_length};
  bool ok = std::fwrite(numbers, sizeof numbers, 1, file_) == 1;
  for (const std::string* s : {&c.sha256, &c.record_id, &c.payload_digest, &c.version,
                               &c.content_type, &c.uri, &c.date, &c.ref_uri, &c.ref_date})
    ok = ok && WriteField(file_, *s);
  if (!ok)
    return status_ =
               base::Status::IOError("cannot write a temporary file: " + base::ErrnoText(errno));
  ++count_;
  last_ = c;
  return base::Status::Ok();
}

base::Status ConversionLog::Rewind() {
  read_ = 0;
  if (status_.ok() && file_ && (std::fflush(file_) != 0 || std::fseek(file_, 0, SEEK_SET) != 0))
    status_ = base::Status::IOError("cannot read a temporary file back: " + base::ErrnoText(errno));
  return status_;
}

bool ConversionLog::Next(Conversion* c) {
  if (!status_.ok() || read_ == count_) return false;
  uint64_t numbers[4];
  bool ok = std::fread(numbers, sizeof numbers, 1, file_) == 1;
  for (std::string* s : {&c->sha256, &c->record_id, &c->payload_digest, &c->version,
                         &c->content_type, &c->uri, &c->date, &c->ref_uri, &c->ref_date})
    ok = ok && ReadField(file_, s);
  if (!ok) {
    status_ = base::Status::IOError("cannot read a temporary file back");
    return false;
  }
  c->in_offset = numbers[0];
  c->in_length = numbers[1];
  c->out_offset = numbers[2];
  c->out_length = numbers[3];
  ++read_;
  return true;
}

base::Status CopyRange(int in_fd, uint64_t offset, uint64_t length, Output* out) {
  base::FdRange range(in_fd, offset, offset + length);
  return gzmulti::CopyRaw(&range, length, [&](std::string_view d) { return out->Write(d); });
}

namespace {

// The new file's bytes outside the revisits are the input's, and each
// revisit's are those written.
base::Status SameOutsideRevisits(int in_fd, uint64_t in_size, int out_fd, uint64_t out_size,
                                 ConversionLog* conversions) {
  uint64_t in_pos = 0, out_pos = 0;
  std::vector<char> a(1 << 20), b(1 << 20);
  Conversion c;
  if (auto s = conversions->Rewind(); !s.ok()) return s;
  while (conversions->Next(&c)) {
    if (auto s = SameBytes(in_fd, in_pos, out_fd, out_pos, c.in_offset - in_pos, a, b); !s.ok())
      return s;
    // The revisit on disk is the one built (a plain file has no CRC to
    // catch a changed byte in its block).
    if (!SameAsWritten(out_fd, c.out_offset, c.out_length, c.sha256, b))
      return base::Status::Corruption("revisit at offset " + std::to_string(c.out_offset) +
                                      " does not read back as written");
    in_pos = c.in_offset + c.in_length;
    out_pos = c.out_offset + c.out_length;
  }
  if (!conversions->status().ok()) return conversions->status();
  if (in_size - in_pos != out_size - out_pos)
    return base::Status::Corruption("the new file has the wrong size");
  return SameBytes(in_fd, in_pos, out_fd, out_pos, in_size - in_pos, a, b);
}

// One sequential read of the whole new file finds every revisit at its place
// with the fields it must have; the other records go to a Summariser (the
// after-manifest, with `after` set).
base::Status RevisitsReadBack(int in_fd, uint64_t in_size, int out_fd, uint64_t out_size,
                              ConversionLog* conversions, const std::string& file_field,
                              const SumOptions* after_sum, AfterLines* after) {
  Conversion c;
  base::FdRange whole(out_fd, 0, out_size);
  // c: the next revisit to find (none left when `found` is all of them).
  if (auto s = conversions->Rewind(); !s.ok()) return s;
  bool pending = conversions->Next(&c);
  uint64_t found = 0;
  base::Status revisits;
  // Damage met (the first message, the count; all of them for the after-manifest).
  std::string first_problem;
  uint64_t problem_count = 0, problems_to_last_revisit = 0;
  FileSink sink;
  sink.lines = [&](std::string* lines) {
    if (after) after->lines.Append(lines);
    lines->clear();
  };
  sink.message = [&](const std::string& m) {
    if (problem_count++ == 0) first_problem = m;
    if (after) after->problems.push_back(m);
  };
  // Whether the record is the next revisit, checked here (true) or one for
  // the summariser, which lists it in the after-manifest (false).
  auto check_revisit = [&](const warc::Record& record, warc::RecordReader* reader) {
    if (!revisits.ok() || !pending) return false;
    if (record.offset < c.out_offset) return false;  // untouched: compared above
    if (record.offset > c.out_offset) {
      revisits = base::Status::Corruption("no record starts at revisit offset " +
                                          std::to_string(c.out_offset));
      return false;
    }
    ++found;
    revisits = CheckRevisit(record, reader, c, first_problem);
    pending = conversions->Next(&c);
    if (!pending) problems_to_last_revisit = problem_count;
    return true;
  };
  SumOptions sum;
  if (after_sum) {
    sum = *after_sum;
  } else {
    sum.types = 0;  // nothing listed, nothing hashed
  }
  Summariser summariser(file_field, sum, sink);
  warc::RecordReader reader(&whole, sum.reader, summariser.reporter());
  warc::Record record;
  while (reader.Next(&record))
    if (!check_revisit(record, &reader)) summariser.Add(record, &reader);
  summariser.Finish(reader);
  if (!revisits.ok()) return revisits;
  if (!conversions->status().ok()) return conversions->status();
  if (pending || found < conversions->size())
    return base::Status::Corruption("revisit at offset " + std::to_string(c.out_offset) +
                                    " not found reading the file from its start" +
                                    (first_problem.empty() ? "" : ": " + first_problem));
  // After damage the reader goes on at the next gzip member header it finds,
  // even one stored inside another record's payload: damage the input does
  // not have means a revisit was written over part of another record.
  // (Up to the last revisit: the rest is the input's tail, byte for byte.)
  const Conversion& last = conversions->last();
  if (problems_to_last_revisit > 0 &&
      problems_to_last_revisit > ProblemsBefore(in_fd, in_size, last.in_offset + last.in_length))
    return base::Status::Corruption("the new file reads with damage the input does not have: " +
                                    first_problem);
  return base::Status::Ok();
}

}  // namespace

// Re-reads the new file: untouched ranges are byte-identical to the input,
// and one sequential read of the whole file finds every revisit at its place
// with the fields it must have. That read is warcsum's: with `after` set, its
// manifest lines (the after-manifest) come from the same pass.
base::Status Verify(int in_fd, uint64_t in_size, int out_fd, uint64_t out_size,
                    ConversionLog* conversions, const std::string& file_field,
                    const SumOptions* after_sum, AfterLines* after) {
  if (auto s = SameOutsideRevisits(in_fd, in_size, out_fd, out_size, conversions); !s.ok())
    return s;
  return RevisitsReadBack(in_fd, in_size, out_fd, out_size, conversions, file_field, after_sum,
                          after);
}

}  // namespace dedup
