/** Hash maps and hashing utilities built on the power of two choices. */
module io.github.twochoice {
  exports io.github.twochoice.map;
  exports io.github.twochoice.hash;
  exports io.github.twochoice.stats;
}
