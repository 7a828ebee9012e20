/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.lab;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/**
 * Routes {@code GET /api/<name>?<parameters>} to its {@link Endpoint} and answers JSON: 200 with
 * the endpoint's answer, or {@code {"error": message}} with 404 for an unknown endpoint, 405 for
 * another method than GET, 400 for a bad parameter ({@link BadRequest}, or an {@link
 * IllegalArgumentException} of the library). Anything else is a bug: 500 with the exception's class
 * and message, and a line on the server's error stream; never a stack trace to the page.
 */
final class ApiHandler implements HttpHandler {
  static final String PREFIX = "/api/";

  private final Map<String, Endpoint> endpoints;
  private final PrintStream log;

  ApiHandler(Map<String, Endpoint> endpoints, PrintStream log) {
    this.endpoints = new TreeMap<>(endpoints);
    this.log = log;
  }

  @Override
  public void handle(HttpExchange exchange) throws IOException {
    int status;
    String body;
    try {
      body = Json.write(answer(exchange));
      status = 200;
    } catch (BadRequest e) {
      body = error(e.getMessage());
      status = e.status;
    } catch (IllegalArgumentException e) {
      body = error(e.getMessage());
      status = 400;
    } catch (RuntimeException e) {
      log.println("twochoice serve: " + exchange.getRequestURI() + ": " + e);
      body = error("internal error (" + e.getClass().getSimpleName() + "): " + e.getMessage());
      status = 500;
    }
    send(exchange, status, "application/json; charset=utf-8", body);
  }

  private Object answer(HttpExchange exchange) {
    if (!"GET".equals(exchange.getRequestMethod())) {
      throw BadRequest.notGet(exchange.getRequestMethod());
    }
    String name = exchange.getRequestURI().getPath().substring(PREFIX.length());
    Endpoint endpoint = endpoints.get(name);
    if (endpoint == null) {
      throw BadRequest.notFound(
          "unknown endpoint "
              + PREFIX
              + name
              + "; the lab has "
              + String.join(", ", endpoints.keySet().stream().map(e -> PREFIX + e).toList()));
    }
    Params params = Params.parse(exchange.getRequestURI().getRawQuery());
    Object answer = endpoint.answer(params);
    params.checkAllRead();
    return answer;
  }

  private static String error(String message) {
    return Json.write(Json.obj().put("error", message));
  }

  /** Sends a whole answer and closes the exchange. */
  static void send(HttpExchange exchange, int status, String type, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", type);
    exchange.getResponseHeaders().set("Cache-Control", "no-store");
    exchange.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
    if (status == 405) {
      exchange.getResponseHeaders().set("Allow", "GET");
    }
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }
}
