/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A lab server and Debian's headless Chromium (driven by chromedriver) for the tests of the lab's
 * pages, with what those tests do on a page: open it, step, read the figure and the status, take a
 * screenshot to {@code target/screenshots/}, check the browser's log for script errors.
 *
 * <p>Without Chromium and chromedriver the tests are skipped with the reason; with {@code
 * -Dbrowser.required=true} (as in CI) they fail with the command that installs them.
 */
@Tag("browser")
abstract class LabBrowserSession {
  /** Debian's chromedriver, or another one named by {@code -Dbrowser.driver}. */
  private static final Path DRIVER =
      Path.of(System.getProperty("browser.driver", "/usr/bin/chromedriver"));

  private static final List<Path> BROWSERS =
      List.of(Path.of("/usr/bin/chromium"), Path.of("/usr/bin/chromium-browser"));
  private static final String INSTALL =
      "apt-get install -y --no-install-recommends chromium chromium-driver";
  static final Path SCREENSHOTS = Path.of("target", "screenshots");

  static LabServer server;
  static WebDriver driver;
  private static Path profile;
  private static Path downloads;

  /** Why the tests cannot run here, or null. */
  private static String missing;

  @BeforeAll
  static void start() throws IOException {
    Path browser = BROWSERS.stream().filter(Files::isExecutable).findFirst().orElse(null);
    if (browser == null || !Files.isExecutable(DRIVER)) {
      String reason =
          "the browser tests need Chromium and " + DRIVER + " (install them: " + INSTALL + ")";
      if (Boolean.getBoolean("browser.required")) {
        fail(reason);
      }
      System.err.println("LabBrowserTest skipped: " + reason);
      missing = reason;
      return;
    }
    server = LabServer.start("localhost", 0, System.err);
    profile = Files.createTempDirectory("twochoice-chromium");
    downloads = Files.createDirectories(profile.resolve("downloads"));
    ChromeOptions options = new ChromeOptions();
    options.setExperimentalOption(
        "prefs", Map.of("download.default_directory", downloads.toString()));
    options.setBinary(browser.toFile());
    LoggingPreferences logs = new LoggingPreferences();
    logs.enable(LogType.BROWSER, Level.ALL);
    options.setCapability(ChromeOptions.LOGGING_PREFS, logs);
    options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--user-data-dir=" + profile,
        "--window-size=1400,1500");
    ChromeDriverService service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(DRIVER.toFile())
            .usingAnyFreePort()
            .build();
    driver = new ChromeDriver(service, options);
    Files.createDirectories(SCREENSHOTS);
  }

  @BeforeEach
  void needsTheBrowser() {
    Assumptions.assumeTrue(missing == null, missing);
  }

  @AfterAll
  static void stop() throws IOException {
    if (driver != null) {
      driver.quit();
    }
    if (server != null) {
      server.close();
    }
    if (profile != null) {
      try (var files = Files.walk(profile)) {
        files.sorted((a, b) -> b.compareTo(a)).forEach(p -> p.toFile().delete());
      }
    }
  }

  // ---- Helpers ----

  /** Opens a page and waits until its first answer from the server is drawn. */
  static void open(String path) {
    driver.get(server.address().resolve(path).toString());
    waitFor("document.body.dataset.loaded");
  }

  static void waitFor(String script) {
    new WebDriverWait(driver, Duration.ofSeconds(30))
        .until(d -> Boolean.TRUE.equals(js("return !!(" + script + ");")));
  }

  static Object js(String script, Object... args) {
    return ((JavascriptExecutor) driver).executeScript(script, args);
  }

  static WebElement byId(String id) {
    return driver.findElement(By.id(id));
  }

  static String stepLabel() {
    return byId("step-label").getText();
  }

  /** The value the status pane shows under a name. */
  static String status(String name) {
    return (String)
        js(
            "const dt = [...document.querySelectorAll('#status dt')]"
                + ".find(d => d.textContent === arguments[0]);"
                + "return dt ? dt.nextElementSibling.textContent : null;",
            name);
  }

  static String figure() {
    return byId("figure").getAttribute("innerHTML");
  }

  static void jumpTo(int step) {
    jumpTo(String.valueOf(step));
  }

  static void jumpTo(String step) {
    WebElement jump = byId("jump");
    jump.clear();
    jump.sendKeys(step);
    byId("go").click();
  }

  static void press(Keys key) {
    driver.findElement(By.tagName("body")).sendKeys(key);
  }

  static void setField(String name, String value) {
    WebElement field = driver.findElement(By.name(name));
    field.clear();
    field.sendKeys(value);
  }

  static void screenshot(String name) throws IOException {
    Path file = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE).toPath();
    Files.copy(file, SCREENSHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
  }

  /** Waits for a file the page offered for download. */
  static Path downloaded(String name) {
    Path file = downloads.resolve(name);
    new WebDriverWait(driver, Duration.ofSeconds(30)).until(d -> Files.isRegularFile(file));
    return file;
  }

  /**
   * Fails on any script error the pages logged since the last call (an uncaught exception, say);
   * the server's refusals (HTTP 400, each shown on the page) and 404s are not errors of the page.
   */
  static void assertNoScriptErrors() {
    List<String> errors = new ArrayList<>();
    for (LogEntry entry : driver.manage().logs().get(LogType.BROWSER)) {
      if (entry.getLevel().intValue() >= Level.SEVERE.intValue()
          && !entry.getMessage().contains("Failed to load resource")) {
        errors.add(entry.getMessage());
      }
    }
    assertEquals(List.of(), errors, "script errors");
  }

  /** The step the address names, or -1 if it names none. */
  static int addressStep() {
    Matcher m = Pattern.compile("[?&]step=([0-9]+)").matcher(driver.getCurrentUrl());
    return m.find() ? Integer.parseInt(m.group(1)) : -1;
  }

  static int shownStep() {
    String label = stepLabel();
    return Integer.parseInt(label.substring("step ".length(), label.indexOf(' ', 5)));
  }

  /** A number as the pages print it: three significant digits, no trailing zeros. */
  static String shown(double value) {
    return new BigDecimal(value).round(new MathContext(3)).stripTrailingZeros().toPlainString();
  }
}
