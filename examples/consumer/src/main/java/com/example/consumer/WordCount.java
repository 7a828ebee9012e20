package com.example.consumer;

import io.github.twochoice.map.CuckooHashSet;
import io.github.twochoice.map.HashStrategy;
import io.github.twochoice.map.TwoChoiceHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Counts words case-insensitively with the library's maps and sets, and prints the loads. */
public final class WordCount {
  private WordCount() {}

  /** Strings equal ignoring case. */
  private static final HashStrategy<String> IGNORING_CASE =
      new HashStrategy<>() {
        @Override
        public int hashCode(String key) {
          return key.toLowerCase(Locale.ROOT).hashCode();
        }

        @Override
        public boolean equals(String a, String b) {
          return a.equalsIgnoreCase(b);
        }
      };

  public static void main(String[] args) {
    String text = "The power of two choices: two choices beat one choice, and The Two beat the one";
    Map<String, Integer> counts = TwoChoiceHashMap.builder().seed(1).build(IGNORING_CASE);
    Set<String> distinct = new CuckooHashSet<>();
    for (String word : text.split("[^A-Za-z]+")) {
      counts.merge(word, 1, Integer::sum);
      distinct.add(word);
    }
    System.out.println("words ignoring case: " + counts.size() + ", with case: " + distinct.size());
    System.out.println("the: " + counts.get("THE") + ", two: " + counts.get("two"));
    System.out.println(((TwoChoiceHashMap<String, Integer>) counts).loadStats());
    if (counts.get("the") != 3 || counts.size() != 9 || distinct.size() != 11) {
      throw new AssertionError("unexpected counts: " + counts + " / " + distinct);
    }
  }
}
