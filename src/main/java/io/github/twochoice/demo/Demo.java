package io.github.twochoice.demo;

/** Command-line demo. */
public final class Demo {
  private Demo() {}

  /**
   * Prints a greeting.
   *
   * @param args ignored
   */
  public static void main(String[] args) {
    System.out.println("demo");
  }
}
