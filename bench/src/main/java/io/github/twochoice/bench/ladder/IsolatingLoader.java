/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench.ladder;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A class loader that defines its own copy of {@link LadderMap} (with its nested classes) and of
 * {@link MapLoop}, and for a library map of the whole library, and takes every other class from its
 * parent. Classes copied this way are distinct classes to the JVM: each has its own static fields,
 * initialised when the copy is, and its own compiled code and call-site profiles. That lets one JVM
 * hold every rung of the ladder (each copy of {@code LadderMap} reads {@code ladder.rung} into its
 * static final field as it is initialised) and a monomorphic lookup loop per contender, so that all
 * contenders can be timed side by side, alternating, under the same conditions.
 */
public final class IsolatingLoader extends ClassLoader {
  private static final String LADDER = LadderMap.class.getName();
  private static final String LOOP = MapLoop.class.getName();

  /** The library's packages, which {@link #libraryMap} copies; the benchmarks' own are not. */
  private static final String LIBRARY = "io.github.twochoice.";

  private static final String BENCH = "io.github.twochoice.bench.";

  /** Whether this loader copies the library's classes too. */
  private final boolean copiesLibrary;

  private IsolatingLoader(boolean copiesLibrary) {
    super(IsolatingLoader.class.getClassLoader());
    this.copiesLibrary = copiesLibrary;
  }

  /**
   * Returns a lookup loop of its own over {@code map}.
   *
   * @param map the map to look keys up in
   * @return a new loop, of a class no other loop shares
   */
  public static BatchLookup loopOver(Map<Object, Object> map) {
    return new IsolatingLoader(false).newLoop(map);
  }

  /**
   * Returns a lookup loop over a new, empty map of the library's class {@code className}, made by
   * its default constructor from a copy of the whole library, and filled by {@code fill} before the
   * loop is made. With one copy per contender the library's maps share no method and so no profile:
   * a branch the d-left map takes (its overflow area in use) or a call site that sees all three
   * maps is then compiled for each map as if it ran alone, as the ladder's rungs are.
   *
   * @param className the map's class, such as {@code io.github.twochoice.map.CuckooHashMap}
   * @param fill fills the new map
   * @return a new loop over the filled map
   */
  public static BatchLookup libraryMap(String className, Consumer<Map<Object, Object>> fill) {
    IsolatingLoader loader = new IsolatingLoader(true);
    Map<Object, Object> map = loader.newInstance(className, null, null);
    fill.accept(map);
    return loader.newLoop(map);
  }

  /**
   * Returns a lookup loop over a new, empty {@link LadderMap} at {@code rung}, filled by {@code
   * fill} before the loop is made.
   *
   * @param rung a rung of {@link LadderMap}
   * @param fill fills the new map
   * @return a new loop over the filled map
   */
  public static synchronized BatchLookup ladderAt(int rung, Consumer<Map<Object, Object>> fill) {
    IsolatingLoader loader = new IsolatingLoader(false);
    String previous = System.setProperty("ladder.rung", Integer.toString(rung));
    Map<Object, Object> map;
    try {
      map = loader.newInstance(LADDER, null, null);
    } finally {
      if (previous == null) {
        System.clearProperty("ladder.rung");
      } else {
        System.setProperty("ladder.rung", previous);
      }
    }
    fill.accept(map);
    return loader.newLoop(map);
  }

  private BatchLookup newLoop(Map<Object, Object> map) {
    return newInstance(LOOP, Map.class, map);
  }

  @SuppressWarnings("unchecked") // a copied map is a Map, a copied loop a BatchLookup
  private <T> T newInstance(String name, Class<?> parameterType, Object argument) {
    try {
      Class<?> type = Class.forName(name, true, this);
      return (T)
          (parameterType == null
              ? type.getConstructor().newInstance()
              : type.getConstructor(parameterType).newInstance(argument));
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot copy " + name, e);
    }
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    if (!isCopied(name)) {
      return super.loadClass(name, resolve);
    }
    synchronized (getClassLoadingLock(name)) {
      Class<?> type = findLoadedClass(name);
      if (type == null) {
        byte[] bytes = bytesOf(name);
        type = defineClass(name, bytes, 0, bytes.length);
      }
      if (resolve) {
        resolveClass(type);
      }
      return type;
    }
  }

  private boolean isCopied(String name) {
    return name.equals(LOOP)
        || name.equals(LADDER)
        || name.startsWith(LADDER + "$")
        || (copiesLibrary && name.startsWith(LIBRARY) && !name.startsWith(BENCH));
  }

  private byte[] bytesOf(String name) throws ClassNotFoundException {
    try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
      if (in == null) {
        throw new ClassNotFoundException(name);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
