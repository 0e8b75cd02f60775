#include "base/timestamp.h"

namespace base {

std::optional<std::string> ArcDateToIso(std::string_view d) {
  // 14 digits (YYYYMMDDhhmmss); some ARC writers stop at minutes (12 digits).
  if (d.size() != 14 && d.size() != 12) return std::nullopt;
  for (char c : d)
    if (c < '0' || c > '9') return std::nullopt;
  std::string s(d);
  if (s.size() == 12) s += "00";
  return s.substr(0, 4) + "-" + s.substr(4, 2) + "-" + s.substr(6, 2) + "T" + s.substr(8, 2) + ":" +
         s.substr(10, 2) + ":" + s.substr(12, 2) + "Z";
}

namespace {

// The number in s[pos, pos + n) when all its bytes are digits, else -1.
int Digits(std::string_view s, size_t pos, size_t n) {
  if (pos + n > s.size()) return -1;
  int v = 0;
  for (size_t i = pos; i < pos + n; ++i) {
    if (s[i] < '0' || s[i] > '9') return -1;
    v = v * 10 + (s[i] - '0');
  }
  return v;
}

bool IsLeap(int year) { return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0; }

int DaysIn(int year, int month) {
  static const int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return month == 2 && IsLeap(year) ? 29 : kDays[month - 1];
}

// Checks "Thh:mm:ss" at pos and returns the position after it, or npos.
size_t Time(std::string_view s, size_t pos) {
  if (s.size() < pos + 9 || s[pos] != 'T' || s[pos + 3] != ':' || s[pos + 6] != ':')
    return std::string_view::npos;
  int h = Digits(s, pos + 1, 2), m = Digits(s, pos + 4, 2), sec = Digits(s, pos + 7, 2);
  if (h < 0 || h > 23 || m < 0 || m > 59 || sec < 0 || sec > 60) return std::string_view::npos;
  return pos + 9;
}

}  // namespace

bool IsValidWarcDate(std::string_view d) {
  int year = Digits(d, 0, 4), month = Digits(d, 5, 2);
  if (year < 0 || month < 1 || month > 12 || d.substr(4, 1) != "-" || d.substr(7, 1) != "-")
    return false;
  int day = Digits(d, 8, 2);
  if (day >= 1 && day <= DaysIn(year, month) && d.size() > 10 && d[10] == 'T') {
    size_t pos = Time(d, 10);
    if (pos == std::string_view::npos) return false;
    if (pos < d.size() && d[pos] == '.') {
      size_t digits = 0;
      while (pos + 1 + digits < d.size() && d[pos + 1 + digits] >= '0' &&
             d[pos + 1 + digits] <= '9')
        ++digits;
      if (digits == 0) return false;
      pos += 1 + digits;
    }
    return d.substr(pos) == "Z";
  }
  // ClueWeb09: YYYY-MM-DDDThh:mm:ss+hhmm, DDD the day of the year.
  int ordinal = Digits(d, 8, 3);
  if (ordinal < 1) return false;
  int first = 1;
  for (int m = 1; m < month; ++m) first += DaysIn(year, m);
  if (ordinal < first || ordinal >= first + DaysIn(year, month)) return false;
  size_t pos = Time(d, 11);
  if (pos == std::string_view::npos || d.size() != pos + 5 || (d[pos] != '+' && d[pos] != '-'))
    return false;
  int zh = Digits(d, pos + 1, 2), zm = Digits(d, pos + 3, 2);
  return zh >= 0 && zh <= 14 && zm >= 0 && zm <= 59;
}

std::string ToTimestamp(std::string_view date) {
  std::string digits;
  for (char c : date) {
    if (digits.size() == 14) break;
    if (c >= '0' && c <= '9') digits += c;
  }
  digits.resize(14, '0');
  return digits;
}

}  // namespace base
