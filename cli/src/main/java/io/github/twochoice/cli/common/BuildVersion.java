/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.common;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * The version that {@code --version} prints: the project version the build wrote into {@code
 * version.properties}, so that it never disagrees with the artifact's.
 *
 * <p>Cost: one small class-path resource read per call.
 */
public final class BuildVersion implements IVersionProvider {
  private static final String RESOURCE = "version.properties";

  @Override
  public String[] getVersion() {
    return new String[] {"twochoice " + version()};
  }

  /**
   * The project version the build wrote.
   *
   * @return the version, for example {@code 0.1.0-SNAPSHOT}
   */
  public static String version() {
    Properties properties = new Properties();
    try (InputStream in = BuildVersion.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + RESOURCE + ": built without Maven?");
      }
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return properties.getProperty("version");
  }
}
