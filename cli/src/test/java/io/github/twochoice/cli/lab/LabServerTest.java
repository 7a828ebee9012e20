/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.cli.CommandRun;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The server over HTTP: pages from the jar, JSON answers, and 400, 404 or 405 with a message. */
class LabServerTest {
  private static final ByteArrayOutputStream LOG = new ByteArrayOutputStream();
  private static LabServer server;
  private static final HttpClient CLIENT = HttpClient.newHttpClient();

  @BeforeAll
  static void start() throws IOException {
    server = LabServer.start("localhost", 0, new PrintStream(LOG, true, StandardCharsets.UTF_8));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static HttpResponse<String> get(String path) throws IOException, InterruptedException {
    return send(HttpRequest.newBuilder(server.address().resolve(path)).GET().build());
  }

  private static HttpResponse<String> send(HttpRequest request)
      throws IOException, InterruptedException {
    return CLIENT.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
  }

  @Test
  void bindsToTheLoopbackOnAFreePort() {
    assertTrue(server.isLocalOnly());
    assertTrue(server.port() > 0);
    assertEquals("http://localhost:" + server.port() + "/", server.address().toString());
  }

  @Test
  void servesEveryPageAndTheScriptsItNames() throws Exception {
    HttpResponse<String> index = get("/");
    assertEquals(200, index.statusCode());
    assertTrue(index.headers().firstValue("Content-Type").orElse("").startsWith("text/html"));
    for (String[] page : StaticFiles.PAGES) {
      assertTrue(index.body().contains("href=\"/" + page[0] + "\""), page[0]);
      HttpResponse<String> html = get("/" + page[0]);
      assertEquals(200, html.statusCode(), page[0]);
      Matcher scripts = Pattern.compile("src=\"/([a-z-]+\\.js)\"").matcher(html.body());
      int found = 0;
      while (scripts.find()) {
        HttpResponse<String> script = get("/" + scripts.group(1));
        assertEquals(200, script.statusCode(), scripts.group(1));
        assertTrue(script.headers().firstValue("Content-Type").orElse("").contains("javascript"));
        found++;
      }
      assertEquals(2, found, page[0] + ": lab.js and its own script");
      assertFalse(html.body().contains("http://") || html.body().contains("https://"), page[0]);
    }
    assertEquals(200, get("/lab.css").statusCode());
  }

  @Test
  void answersJsonFromTheLibrary() throws Exception {
    HttpResponse<String> answer = get("/api/balls?n=8&balls=4&seed=1");
    assertEquals(200, answer.statusCode());
    assertTrue(
        answer.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
    assertEquals(
        LabServer.endpoints().get("balls").answer(Params.parse("n=8&balls=4&seed=1")).toString(),
        answer.body());
  }

  @Test
  void badRequestsGetTheirStatusAndAMessageNeverAStackTrace() throws Exception {
    assertError(get("/api/balls?n=100"), 400, "n must be from 4 to 64 in the animated view");
    assertError(get("/api/cuckoo?d=9"), 400, "d must be from 2 to 4: 9");
    assertError(get("/api/nothing"), 404, "unknown endpoint /api/nothing; the lab has /api/balls");
    HttpRequest post =
        HttpRequest.newBuilder(server.address().resolve("/api/balls"))
            .POST(HttpRequest.BodyPublishers.ofString("x"))
            .build();
    HttpResponse<String> posted = send(post);
    assertError(posted, 405, "the lab answers GET requests only, not POST");
    assertEquals("GET", posted.headers().firstValue("Allow").orElse(null));
    HttpRequest postPage =
        HttpRequest.newBuilder(server.address().resolve("/balls.html"))
            .POST(HttpRequest.BodyPublishers.ofString("x"))
            .build();
    assertEquals(405, send(postPage).statusCode());
    HttpResponse<String> page = get("/no-such-page.html");
    assertEquals(404, page.statusCode());
    assertTrue(page.body().contains("The lab has no page /no-such-page.html."), page.body());
    assertTrue(page.body().contains("href=\"/cuckoo.html\""), page.body());
    assertEquals(404, get("/../pom.xml").statusCode());
    assertEquals(404, get("/balls.main.html").statusCode(), "a page's part is not a page");
    assertEquals(404, get("/page.frame.html").statusCode(), "nor is the frame");
    assertEquals(0, LOG.size(), "no request above is a server error: " + LOG);
  }

  private static void assertError(HttpResponse<String> response, int status, String start) {
    assertEquals(status, response.statusCode(), response.body());
    assertTrue(response.body().startsWith("{\"error\":\"" + start), response.body());
    assertFalse(response.body().contains("at io.github"), response.body());
  }

  @Test
  void everyResourceIsCopyrightedAndFetchesNothingFromTheNetwork() throws IOException {
    List<String> names = new ArrayList<>(List.of("index.html", "lab.css", "lab.js"));
    for (String[] page : StaticFiles.PAGES) {
      String base = page[0].replace(".html", "");
      names.addAll(List.of(page[0], base + ".js", base + ".main.html"));
    }
    for (String name : names) {
      String text = StaticFiles.content(name);
      assertNotNull(text, name);
      String fetched = text.replace("http://www.w3.org/2000/svg", ""); // a name, not a fetch
      assertFalse(fetched.contains("http://") || fetched.contains("https://"), name);
      assertTrue(
          name.equals("index.html") || text.contains("Copyright 2026 The twochoice Authors"), name);
      assertFalse(text.contains("{main}") || text.contains("{title}"), name);
    }
  }

  @Test
  void serveRefusesABadPortInOneLine() {
    CommandRun run = CommandRun.of("serve", "--port", "70000");
    assertEquals(2, run.exitCode());
    assertEquals("--port must be from 0 to 65535: 70000", run.err().lines().findFirst().orElse(""));
  }

  @Test
  void servePrintsItsAddressAndStopsWhenInterrupted() throws Exception {
    StringWriter out = new StringWriter();
    CommandLine commandLine = new CommandLine(new ServeCommand());
    commandLine.setOut(new PrintWriter(out, true));
    Thread thread = new Thread(() -> commandLine.execute("--port", "0"));
    thread.start();
    long deadline = System.nanoTime() + 20_000_000_000L;
    Matcher address = Pattern.compile("twochoice lab at (http://localhost:\\d+/)").matcher("");
    while (!address.reset(out.toString()).find() && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertTrue(address.find(0), out.toString());
    assertTrue(out.toString().contains("Bound to localhost: only this machine can connect"));
    HttpResponse<String> index =
        send(HttpRequest.newBuilder(URI.create(address.group(1))).GET().build());
    assertEquals(200, index.statusCode());
    thread.interrupt();
    thread.join(10_000);
    assertFalse(thread.isAlive());
  }
}
