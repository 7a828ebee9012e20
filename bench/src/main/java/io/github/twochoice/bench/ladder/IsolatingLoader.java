/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench.ladder;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * A class loader that defines its own copy of {@link LadderMap} (with its nested classes) and of
 * {@link MapLoop} and {@link MapBuild}, and for a library map of the whole library, and takes every
 * other class from its parent. Classes copied this way are distinct classes to the JVM: each has
 * its own static fields, initialised when the copy is, and its own compiled code and call-site
 * profiles. That lets one JVM hold every rung of the ladder (each copy of {@code LadderMap} reads
 * {@code ladder.rung} into its static final field as it is initialised) and a monomorphic lookup
 * loop per contender, so that all contenders can be timed side by side, alternating, under the same
 * conditions.
 */
public final class IsolatingLoader extends ClassLoader {
  private static final String LADDER = LadderMap.class.getName();
  private static final String LOOP = MapLoop.class.getName();
  private static final String BUILD = MapBuild.class.getName();
  private static final String MAPS = LibraryMaps.class.getName();

  /** The library's packages, which {@link #libraryMap} copies; the benchmarks' own are not. */
  private static final String LIBRARY = "io.github.twochoice.";

  private static final String BENCH = "io.github.twochoice.bench.";

  /** Whether this loader copies the library's classes too. */
  private final boolean copiesLibrary;

  /** The directory of compiled library classes to copy instead of the parent's, or null. */
  private final Path variant;

  private IsolatingLoader(boolean copiesLibrary) {
    this(copiesLibrary, null);
  }

  private IsolatingLoader(boolean copiesLibrary, Path variant) {
    super(IsolatingLoader.class.getClassLoader());
    this.copiesLibrary = copiesLibrary;
    this.variant = variant;
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

  /**
   * Returns a build loop of its own over the maps {@code factory} makes.
   *
   * @param factory makes a map for an expected size, or by the default constructor given -1
   * @return a new build loop, of a class no other loop shares
   */
  public static BatchBuild buildOver(IntFunction<Map<Object, Object>> factory) {
    return new IsolatingLoader(false).newInstance(BUILD, IntFunction.class, factory);
  }

  /**
   * Returns a build loop over map {@code name} of {@link LibraryMaps}, made from a copy of the
   * whole library: of the library the benchmarks were built with, or of the compiled classes in
   * {@code variant}, so that two versions of the library can be timed side by side in one JVM.
   *
   * @param name a name {@link LibraryMaps#factory} knows
   * @param variant a directory of compiled library classes, or null for the benchmarks' own
   * @return a new build loop
   */
  public static BatchBuild libraryBuild(String name, Path variant) {
    IsolatingLoader loader = new IsolatingLoader(true, variant);
    try {
      Object factory =
          Class.forName(MAPS, true, loader).getMethod("factory", String.class).invoke(null, name);
      return loader.newInstance(BUILD, IntFunction.class, factory);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot make " + name, e);
    }
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
        || name.equals(BUILD)
        || name.equals(MAPS)
        || name.equals(LADDER)
        || name.startsWith(LADDER + "$")
        || (copiesLibrary && name.startsWith(LIBRARY) && !name.startsWith(BENCH));
  }

  private byte[] bytesOf(String name) throws ClassNotFoundException {
    String file = name.replace('.', '/') + ".class";
    if (variant != null && !name.startsWith(BENCH)) {
      try {
        return Files.readAllBytes(variant.resolve(file));
      } catch (IOException e) {
        throw new ClassNotFoundException(name + " in " + variant, e);
      }
    }
    try (InputStream in = getParent().getResourceAsStream(file)) {
      if (in == null) {
        throw new ClassNotFoundException(name);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
