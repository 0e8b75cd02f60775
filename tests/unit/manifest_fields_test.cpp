// The one field splitter, field names and the three shapes of a line.
#include <catch2/catch.hpp>

#include "manifest/entry.h"
#include "manifest/fields.h"

using manifest::Field;
using manifest::Shape;
using SV = std::vector<std::string_view>;

TEST_CASE("SplitFields: one space separates, empty fields are kept", "[manifest]") {
  CHECK(manifest::SplitFields("a b c") == SV{"a", "b", "c"});
  CHECK(manifest::SplitFields("a  b") == SV{"a", "", "b"});
  CHECK(manifest::SplitFields(" a ") == SV{"", "a", ""});
  CHECK(manifest::SplitFields("") == SV{""});
  CHECK(manifest::SplitFields("a\tb") == SV{"a\tb"});  // only ' ' separates
  std::vector<std::string_view> reused{"x", "y", "z", "w"};
  manifest::SplitFields("p q", &reused);
  CHECK(reused == SV{"p", "q"});
}

TEST_CASE("LeadingFields, FieldsAfter and JoinFields", "[manifest]") {
  CHECK(manifest::LeadingFields("a b c", 2) == "a b ");
  CHECK(manifest::LeadingFields("a b c", 3) == "a b c");
  CHECK(manifest::LeadingFields("a b c", 0) == "");
  CHECK(manifest::FieldsAfter("a b c d", 2) == "c d");
  CHECK(manifest::FieldsAfter("a b", 2) == "");
  CHECK(manifest::FieldsAfter("a b ", 2) == "");
  CHECK(manifest::FieldsAfter("a b", 0) == "a b");
  std::string out = "old";
  manifest::JoinFields({"u", "d", "s"}, &out);
  CHECK(out == "u d s");
  manifest::JoinFields({"u", "d", ""}, &out);
  CHECK(out == "u d ");
}

TEST_CASE("Field names and shapes", "[manifest]") {
  CHECK(std::string(manifest::FieldName(Field::kFile)) == "file");
  CHECK(std::string(manifest::FieldName(Field::kRefUri)) == "ref-uri");
  CHECK(std::string(manifest::FieldName(Field::kRefDate)) == "ref-date");
  CHECK(manifest::FieldIndex(Field::kDigest) == 5);
  Shape shape = Shape::kSummed;
  CHECK(manifest::ShapeOfFieldCount(7, &shape));
  CHECK(shape == Shape::kResolved);
  CHECK(manifest::ShapeOfFieldCount(10, &shape));
  CHECK(shape == Shape::kProcessed);
  CHECK_FALSE(manifest::ShapeOfFieldCount(8, &shape));

  auto e = manifest::ParseLine("f 1 2 http://a/ 2020 sha1:ab 0");
  REQUIRE(e.ok());
  CHECK(e->shape() == Shape::kResolved);
  CHECK(e->has_ext());
  CHECK_FALSE(e->has_copy());
  e->set_shape(Shape::kSummed);
  CHECK(manifest::FormatLine(*e) == "f 1 2 http://a/ 2020 sha1:ab");
  auto fields = manifest::SplitFields("f 1 2 http://a/ 2020 sha1:ab");
  CHECK(fields[manifest::FieldIndex(Field::kUri)] == "http://a/");
}
