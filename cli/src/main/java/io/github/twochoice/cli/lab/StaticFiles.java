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
 * needed. {@code /} is the index. Each of the five pages is its own main part ({@code
 * NAME.main.html}) in the frame they share ({@code page.frame.html}: the head, the scripts, the
 * header). Only flat names of known types are served; any other path is answered with a page that
 * lists the lab's pages (HTTP 404), another method than GET with 405.
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
    String content = NAME.matcher(name).matches() ? content(name) : null;
    if (!"GET".equals(exchange.getRequestMethod())) {
      ApiHandler.send(
          exchange,
          405,
          TYPES.get("html"),
          BadRequest.notGet(exchange.getRequestMethod()).getMessage());
      return;
    }
    if (content == null) {
      ApiHandler.send(exchange, 404, TYPES.get("html"), unknownPage(path));
      return;
    }
    ApiHandler.send(exchange, 200, TYPES.get(name.substring(name.lastIndexOf('.') + 1)), content);
  }

  /** A file, or one of the five pages in its frame; null if there is no such file. */
  static String content(String name) throws IOException {
    for (String[] page : PAGES) {
      if (page[0].equals(name)) {
        String base = name.substring(0, name.length() - ".html".length());
        return read("page.frame.html")
            .replace("{title}", page[1])
            .replace("{script}", base + ".js")
            .replace("{main}", read(base + ".main.html"));
      }
    }
    return read(name);
  }

  private static String read(String name) throws IOException {
    try (InputStream in = StaticFiles.class.getResourceAsStream(FOLDER + name)) {
      return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
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
