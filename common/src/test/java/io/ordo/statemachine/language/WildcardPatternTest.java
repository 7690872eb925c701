package io.ordo.statemachine.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WildcardPatternTest {

  /** Pattern, value, whether it matches; {@code |} separates the columns, {@code ''} is empty. */
  @ParameterizedTest(name = "''{0}'' against ''{1}'': {2}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          # without stars, the whole value must be the pattern
          log.txt    | log.txt          | true
          log.txt    | log.txt2         | false
          log.txt    | logXtxt          | false
          ''         | ''               | true
          ''         | a                | false
          # a star matches any run, an empty one too
          *          | ''               | true
          *          | anything at all  | true
          *.log      | a.log            | true
          *.log      | .log             | true
          *.log      | a.log.gz         | false
          a*b*c      | abc              | true
          a*b*c      | aXbYbZc          | true
          a*b*c      | aXcYb            | false
          **         | x                | true
          # the prefix and the suffix may not overlap; a middle run ends before the suffix
          ab*ba      | aba              | false
          ab*ba      | abba             | true
          a*b*a      | ab               | false
          x*yy*x     | xyy              | false
          a*bc*c     | abc              | false
          a*bc*c     | abcc             | true
          # escapes: a star or a backslash taken literally; a backslash at the end is itself
          a\\*b      | a*b              | true
          a\\*b      | aXb              | false
          a\\\\*     | a\\anything      | true
          a\\\\*     | aXanything       | false
          end\\      | end\\            | true
          *\\**      | has * inside     | true
          *\\**      | has none         | false
          # characters a regular expression would read are plain here
          a.c(*)[x]  | a.c(anything)[x] | true
          a.c        | abc              | false
          """)
  void matches(String pattern, String value, boolean expected) {
    assertEquals(expected, WildcardPattern.matches(pattern, value));
  }

  @Test
  void manyStarsAgainstALongValueThatFailsAtTheEnd_doNotHang() {
    String pattern = "*a".repeat(20) + "*b";
    String value = "a".repeat(100_000);
    // a guard against a hang, not a speed figure: a backtracking matcher never ends here
    assertTimeoutPreemptively(
        Duration.ofSeconds(10), () -> assertFalse(WildcardPattern.matches(pattern, value)));
    assertTrue(WildcardPattern.matches(pattern, value + "b"));
  }
}
