/** A user of the library, as a named module. */
module com.example.consumer {
  requires io.github.twochoice;
}
