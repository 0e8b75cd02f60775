// The coverage expression's tokens (expr_node.h). Names are ASCII letters,
// digits, '_' and '.' (not starting with a digit or '.'): "a.host" is one
// token, split by the parser; they are matched without regard to case.
// Numbers: digits with an optional fraction and exponent ("7", "0.7", ".5",
// "1e-3"); a sign is the unary minus operator; beyond a double's range
// (1e999, 1e-400) they are refused. Strings in single or double quotes;
// inside, a backslash escapes the quote, the other quote or a backslash,
// and nothing else.
#include <algorithm>
#include <charconv>
#include <system_error>

#include "expr_node.h"

namespace cover {

namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsNameStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool IsNameChar(char c) { return IsNameStart(c) || IsDigit(c); }
char LowerAscii(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// The text of [begin, end) for a message, cut when long.
std::string Quote(std::string_view text, size_t begin, size_t end) {
  std::string_view s = text.substr(begin, end - begin);
  std::string out = "'";
  if (s.size() > 40) {
    out.append(s.substr(0, 40));
    out.append("...");
  } else {
    out.append(s);
  }
  out.push_back('\'');
  return out;
}

class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) {}

  base::Result<std::vector<Token>> Run() {
    std::vector<Token> tokens;
    for (;;) {
      while (pos_ < text_.size() && IsSpace(text_[pos_])) ++pos_;
      Token token;
      token.begin = pos_;
      if (pos_ == text_.size()) {
        token.end = pos_;
        tokens.push_back(std::move(token));
        return tokens;
      }
      if (auto s = Next(&token); !s.ok()) return s;
      token.end = pos_;
      tokens.push_back(std::move(token));
    }
  }

 private:
  static bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

  base::Status Next(Token* token) {
    char c = text_[pos_];
    if (IsDigit(c) || (c == '.' && pos_ + 1 < text_.size() && IsDigit(text_[pos_ + 1])))
      return Number(token);
    if (IsNameStart(c)) return Name(token);
    if (c == '"' || c == '\'') return String(token);
    return Punctuation(token);
  }

  base::Status Number(Token* token) {
    size_t begin = pos_;
    while (pos_ < text_.size() && IsDigit(text_[pos_])) ++pos_;
    if (pos_ < text_.size() && text_[pos_] == '.') {
      ++pos_;
      while (pos_ < text_.size() && IsDigit(text_[pos_])) ++pos_;
    }
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      size_t e = pos_ + 1;
      if (e < text_.size() && (text_[e] == '+' || text_[e] == '-')) ++e;
      if (e < text_.size() && IsDigit(text_[e])) {
        pos_ = e;
        while (pos_ < text_.size() && IsDigit(text_[pos_])) ++pos_;
      }
    }
    // "1abc", "1.2.3", "1e": one bad number rather than two tokens.
    bool bad = false;
    while (pos_ < text_.size() && (IsNameChar(text_[pos_]) || text_[pos_] == '.')) {
      ++pos_;
      bad = true;
    }
    if (bad) return ErrorAt(text_, begin, "expected a number, found " + Quote(text_, begin, pos_));
    token->kind = Tok::kNumber;
    const char* first = text_.data() + begin;
    const char* last = text_.data() + pos_;
    auto [end, ec] = std::from_chars(first, last, token->number);
    if (ec == std::errc::result_out_of_range)
      return ErrorAt(text_, begin, "number out of range: " + Quote(text_, begin, pos_));
    if (ec != std::errc() || end != last)
      return ErrorAt(text_, begin, "expected a number, found " + Quote(text_, begin, pos_));
    return base::Status::Ok();
  }

  // Dots too, so that "x.y.z" is one name the parser can explain.
  base::Status Name(Token* token) {
    token->kind = Tok::kWord;
    while (pos_ < text_.size() && (IsNameChar(text_[pos_]) || text_[pos_] == '.'))
      token->text.push_back(LowerAscii(text_[pos_++]));
    return base::Status::Ok();
  }

  base::Status String(Token* token) {
    size_t begin = pos_;
    char quote = text_[pos_++];
    token->kind = Tok::kString;
    for (;;) {
      if (pos_ == text_.size())
        return ErrorAt(text_, begin,
                       std::string("expected a closing ") + quote +
                           " for the string that starts here, found the end of the expression");
      char c = text_[pos_++];
      if (c == quote) return base::Status::Ok();
      if (c == '\\') {
        char e = pos_ < text_.size() ? text_[pos_] : '\0';
        if (e != '\\' && e != '"' && e != '\'')
          return ErrorAt(text_, pos_ - 1,
                         "unknown escape " +
                             Quote(text_, pos_ - 1, std::min(pos_ + 1, text_.size())) +
                             " in a string: only \\\\, \\' and \\\" are escapes");
        c = e;
        ++pos_;
      }
      token->text.push_back(c);
    }
  }

  base::Status Punctuation(Token* token) {
    size_t begin = pos_;
    char c = text_[pos_++];
    char n = pos_ < text_.size() ? text_[pos_] : '\0';
    auto two = [&](Tok kind) {
      ++pos_;
      token->kind = kind;
      return base::Status::Ok();
    };
    auto one = [&](Tok kind) {
      token->kind = kind;
      return base::Status::Ok();
    };
    switch (c) {
      case '(':
        return one(Tok::kLParen);
      case ')':
        return one(Tok::kRParen);
      case ',':
        return one(Tok::kComma);
      case '+':
        return one(Tok::kPlus);
      case '-':
        return one(Tok::kMinus);
      case '*':
        return one(Tok::kStar);
      case '/':
        return one(Tok::kSlash);
      case '=':
        return n == '=' ? two(Tok::kEq) : one(Tok::kEq);
      case '<':
        return n == '=' ? two(Tok::kLe) : one(Tok::kLt);
      case '>':
        return n == '=' ? two(Tok::kGe) : one(Tok::kGt);
      case '!':
        if (n == '=') return two(Tok::kNe);
        return ErrorAt(text_, begin, "expected '!=', found " + Quote(text_, begin, pos_));
      default:
        break;
    }
    // The whole UTF-8 sequence, not half a character.
    while (pos_ < text_.size() && (static_cast<unsigned char>(text_[pos_]) & 0xC0) == 0x80) ++pos_;
    return ErrorAt(text_, begin, "unexpected character " + Quote(text_, begin, pos_));
  }

  std::string_view text_;
  size_t pos_ = 0;
};

}  // namespace

base::Result<std::vector<Token>> Lex(std::string_view text) { return Lexer(text).Run(); }

size_t ColumnOf(std::string_view text, size_t offset) {
  size_t column = 1;
  for (size_t i = 0; i < offset && i < text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++column;
  return column;
}

base::Status ErrorAt(std::string_view text, size_t offset, std::string_view what) {
  std::string message = "column " + std::to_string(ColumnOf(text, offset)) + ": ";
  message.append(what);
  return base::Status::InvalidArgument(std::move(message));
}

std::string Found(std::string_view text, const Token& token) {
  if (token.kind == Tok::kEnd) return "the end of the expression";
  return Quote(text, token.begin, token.end);
}

std::string_view AttrName(Attr attr) {
  static constexpr std::string_view kNames[kAttrCount] = {"url",    "host",   "domain", "path",
                                                          "date",   "mime",   "title",  "status",
                                                          "length", "digest", "tokens"};
  return kNames[static_cast<int>(attr)];
}

}  // namespace cover
