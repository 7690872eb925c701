package io.ordo.statemachine.language;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class WildcardPatternTest {

  @Test
  void withoutStars_theWholeValueMustBeThePattern() {
    assertTrue(WildcardPattern.matches("log.txt", "log.txt"));
    assertFalse(WildcardPattern.matches("log.txt", "log.txt2"));
    assertFalse(WildcardPattern.matches("log.txt", "logXtxt"));
    assertTrue(WildcardPattern.matches("", ""));
    assertFalse(WildcardPattern.matches("", "a"));
  }

  @Test
  void aStar_matchesAnyRun_includingAnEmptyOne() {
    assertTrue(WildcardPattern.matches("*", ""));
    assertTrue(WildcardPattern.matches("*", "anything\nat all"));
    assertTrue(WildcardPattern.matches("*.log", "a.log"));
    assertTrue(WildcardPattern.matches("*.log", ".log"));
    assertFalse(WildcardPattern.matches("*.log", "a.log.gz"));
    assertTrue(WildcardPattern.matches("a*b*c", "abc"));
    assertTrue(WildcardPattern.matches("a*b*c", "aXbYbZc"));
    assertFalse(WildcardPattern.matches("a*b*c", "aXcYb"));
    assertTrue(WildcardPattern.matches("**", "x"));
  }

  @Test
  void thePrefixAndSuffixMayNotOverlap() {
    assertFalse(WildcardPattern.matches("ab*ba", "aba"));
    assertTrue(WildcardPattern.matches("ab*ba", "abba"));
    assertFalse(WildcardPattern.matches("a*b*a", "ab"));
    assertFalse(WildcardPattern.matches("x*yy*x", "xyy"));
  }

  @Test
  void aMiddleRunMustEndBeforeTheSuffix() {
    assertFalse(WildcardPattern.matches("a*bc*c", "abc"));
    assertTrue(WildcardPattern.matches("a*bc*c", "abcc"));
  }

  @Test
  void escapes_matchAStarOrABackslashLiterally() {
    assertTrue(WildcardPattern.matches("a\\*b", "a*b"));
    assertFalse(WildcardPattern.matches("a\\*b", "aXb"));
    assertTrue(WildcardPattern.matches("a\\\\*", "a\\anything"));
    assertFalse(WildcardPattern.matches("a\\\\*", "aXanything"));
    assertTrue(WildcardPattern.matches("end\\", "end\\"));
    assertTrue(WildcardPattern.matches("*\\**", "has * inside"));
    assertFalse(WildcardPattern.matches("*\\**", "has none"));
  }

  @Test
  void regexCharacters_matchThemselves() {
    assertTrue(WildcardPattern.matches("a.c(*)[x]", "a.c(anything)[x]"));
    assertFalse(WildcardPattern.matches("a.c", "abc"));
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
