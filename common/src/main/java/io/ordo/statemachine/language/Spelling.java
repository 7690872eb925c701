package io.ordo.statemachine.language;

import java.util.Collection;
import java.util.Comparator;
import java.util.Optional;

/** Suggests the name someone probably meant, for "unknown field" and "unknown type" messages. */
final class Spelling {

  // Two edits catch most typos ("Nxt", "Resouce", "end") without suggesting unrelated names.
  private static final int MAX_EDITS = 2;

  private Spelling() {}

  static Optional<String> closest(String written, Collection<String> known) {
    return known.stream()
        .filter(candidate -> distance(written.toLowerCase(), candidate.toLowerCase()) <= MAX_EDITS)
        .min(Comparator.comparingInt(candidate -> distance(written, candidate)));
  }

  private static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
