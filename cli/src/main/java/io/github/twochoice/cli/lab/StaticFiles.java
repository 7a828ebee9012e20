/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.lab;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The lab's pages, scripts and style sheet, served from the jar ({@value #FOLDER}): no network
 * needed. {@code /} is the index. Only flat names of known types are served; any other path is a
 * bad request answered with a page that lists the lab's pages (HTTP 400).
 */
final class StaticFiles implements HttpHandler {
  static final String FOLDER = "/io/github/twochoice/cli/lab/web/";

  /** The five pages, by file name, with their titles. */
  static final List<String[]> PAGES =
      List.of(
          new String[] {"balls.html", "Balls into bins"},
          new String[] {"dleft.html", "d-left: ties go left"},
          new String[] {"cuckoo.html", "Cuckoo hashing"},
          new String[] {"rendezvous.html", "Rendezvous hashing"},
          new String[] {"board.html", "A stale load board"});

  private static final Pattern NAME = Pattern.compile("[a-z0-9-]+\\.(html|css|js)");
  private static final Map<String, String> TYPES =
      Map.of(
          "html", "text/html; charset=utf-8",
          "css", "text/css; charset=utf-8",
          "js", "text/javascript; charset=utf-8");

  @Override
  public void handle(HttpExchange exchange) throws IOException {
    String path = exchange.getRequestURI().getPath();
    String name = path.equals("/") ? "index.html" : path.substring(1);
    byte[] content = NAME.matcher(name).matches() ? read(name) : null;
    if (content == null || !"GET".equals(exchange.getRequestMethod())) {
      ApiHandler.send(exchange, 400, TYPES.get("html"), unknownPage(path));
      return;
    }
    String type = TYPES.get(name.substring(name.lastIndexOf('.') + 1));
    ApiHandler.send(exchange, 200, type, new String(content, StandardCharsets.UTF_8));
  }

  private static byte[] read(String name) throws IOException {
    try (InputStream in = StaticFiles.class.getResourceAsStream(FOLDER + name)) {
      return in == null ? null : in.readAllBytes();
    }
  }

  private static String unknownPage(String path) {
    StringBuilder links = new StringBuilder();
    for (String[] page : PAGES) {
      links.append("<li><a href=\"/").append(page[0]).append("\">").append(page[1]);
      links.append("</a></li>");
    }
    return "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
        + "<title>Unknown page</title><link rel=\"stylesheet\" href=\"/lab.css\"></head><body>"
        + "<main><h1>Unknown page</h1><p class=\"error\" role=\"alert\" id=\"error\">"
        + "The lab has no page "
        + escape(path)
        + ".</p><p>Its pages:</p><ul>"
        + links
        + "</ul></main></body></html>";
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
