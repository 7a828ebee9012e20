/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import io.github.twochoice.hash.ChoiceHasher;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.Collection;
import java.util.Map;

/**
 * The serialized form of every map and set of this package, whatever its implementation: the name
 * of its public class, its settings as plain values, and its entries. A map or set writes this form
 * instead of itself ({@code writeReplace}), and reading the form builds the map again through its
 * public builder ({@code readResolve}), so a stream names no class of the implementation and none
 * of {@code io.github.twochoice.hash}: only this one and the classes of the keys, the values and
 * the {@link HashStrategy}. The form stays readable across changes of the tables, as long as this
 * class's fields and {@code serialVersionUID} stay as they are.
 *
 * <p>Reading checks every setting as the builder does, and rejects an unknown class or hash family,
 * a negative size, a key a map refuses (null, for the concurrent map) and a repeated key, with
 * {@link InvalidObjectException}. A map read back has the same settings, seed and entries; its
 * table is sized for its entries, so its iteration order may differ from the original's.
 */
final class SerialForm implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Presizing the map read back stops here, so that a forged size cannot allocate a huge table. */
  private static final int MAX_PRESIZE = 1 << 20;

  /**
   * The simple name of the public class: {@code OneChoiceHashMap}, {@code TwoChoiceHashMap}, {@code
   * DLeftHashMap}, {@code CuckooHashMap}, {@code ConcurrentCuckooHashMap}, {@code
   * TwoChoiceHashSet}, {@code DLeftHashSet} or {@code CuckooHashSet}.
   *
   * @serial
   */
  private final String type;

  /**
   * The number of choices d (1 for {@code OneChoiceHashMap}).
   *
   * @serial
   */
  private final int choices;

  /**
   * The slots per bucket b; 0 for the chained tables, which have none.
   *
   * @serial
   */
  private final int slotsPerBucket;

  /**
   * Keys per slot at which the table grows.
   *
   * @serial
   */
  private final double loadFactor;

  /**
   * The name of the hash family ({@link HashFamily#name()}).
   *
   * @serial
   */
  private final String hashFamily;

  /**
   * The seed of the hash function.
   *
   * @serial
   */
  private final long seed;

  /**
   * The keys' equality, or null for their own {@code equals} and {@code hashCode}.
   *
   * @serial
   */
  private final HashStrategy<?> strategy;

  /**
   * The lock stripes of a {@code ConcurrentCuckooHashMap}; 0 for the others.
   *
   * @serial
   */
  private final int lockStripes;

  /** The map or set being written, whose entries {@link #writeObject} writes. */
  private final transient Object source;

  /** The map or set being read, built by {@link #readObject}. */
  private transient Object read;

  private SerialForm(
      Object source,
      int choices,
      int slotsPerBucket,
      double loadFactor,
      ChoiceHasher hasher,
      HashStrategy<?> strategy,
      int lockStripes) {
    this.type = source.getClass().getSimpleName();
    this.choices = choices;
    this.slotsPerBucket = slotsPerBucket;
    this.loadFactor = loadFactor;
    this.hashFamily = HashFamily.of(hasher).name();
    this.seed = hasher.seed();
    this.strategy = strategy;
    this.lockStripes = lockStripes;
    this.source = source;
  }

  /** The form of a chained map or set {@code source}: d choices, no slots per bucket. */
  static SerialForm chained(
      Object source,
      int choices,
      double loadFactor,
      ChoiceHasher hasher,
      HashStrategy<?> strategy) {
    return new SerialForm(source, choices, 0, loadFactor, hasher, strategy, 0);
  }

  /** The form of a bucketed map or set {@code source}; {@code lockStripes} 0 unless concurrent. */
  static SerialForm bucketed(
      Object source,
      int choices,
      int slotsPerBucket,
      double loadFactor,
      ChoiceHasher hasher,
      HashStrategy<?> strategy,
      int lockStripes) {
    return new SerialForm(
        source, choices, slotsPerBucket, loadFactor, hasher, strategy, lockStripes);
  }

  /** What a map or set answers when a stream holds it without this form: a forged stream. */
  static InvalidObjectException proxyRequired() {
    return new InvalidObjectException("a map or set is read from its SerialForm only");
  }

  /**
   * Writes the settings, then the entries.
   *
   * @serialData the settings (the fields above), then the number of entries (int), then each key
   *     (Object) and, for a map, its value (Object)
   */
  private void writeObject(ObjectOutputStream out) throws IOException {
    out.defaultWriteObject();
    if (source instanceof Map<?, ?> map) {
      Object[] entries = map.entrySet().toArray(); // one traversal: a concurrent map's snapshot
      out.writeInt(entries.length);
      for (Object o : entries) {
        Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
        out.writeObject(e.getKey());
        out.writeObject(e.getValue());
      }
    } else {
      Object[] elements = ((Collection<?>) source).toArray();
      out.writeInt(elements.length);
      for (Object element : elements) {
        out.writeObject(element);
      }
    }
  }

  /** Reads the settings, builds the empty map or set through its builder, and fills it. */
  @SuppressWarnings("unchecked") // the stream is trusted to hold the types it was written with
  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    int size = in.readInt();
    if (size < 0) {
      throw new InvalidObjectException("negative size in stream: " + size);
    }
    Object empty = build(builder(), Math.min(size, MAX_PRESIZE));
    try {
      if (empty instanceof Map<?, ?> m) {
        Map<Object, Object> map = (Map<Object, Object>) m;
        for (int i = 0; i < size; i++) {
          Object key = in.readObject();
          Object value = in.readObject();
          if (map.containsKey(key)) { // not size(), which sums every segment of a concurrent map
            throw new InvalidObjectException("duplicate key in stream: " + key);
          }
          map.put(key, value);
        }
      } else {
        Collection<Object> set = (Collection<Object>) empty;
        for (int i = 0; i < size; i++) {
          Object element = in.readObject();
          if (!set.add(element)) {
            throw new InvalidObjectException("duplicate key in stream: " + element);
          }
        }
      }
    } catch (NullPointerException | IllegalArgumentException | ClassCastException e) {
      throw invalid("a key or value the " + type + " refuses: " + e.getMessage(), e);
    }
    read = empty;
  }

  /**
   * Returns the map or set read.
   *
   * @return the map or set this form describes
   */
  private Object readResolve() {
    return read;
  }

  /** A new builder of {@link #type}, with no setting applied yet. */
  private MapBuilder<?> builder() throws InvalidObjectException {
    return switch (String.valueOf(type)) {
      case "OneChoiceHashMap" -> OneChoiceHashMap.builder();
      case "TwoChoiceHashMap" -> TwoChoiceHashMap.builder();
      case "TwoChoiceHashSet" -> TwoChoiceHashSet.builder();
      case "DLeftHashMap" -> DLeftHashMap.builder();
      case "DLeftHashSet" -> DLeftHashSet.builder();
      case "CuckooHashMap" -> CuckooHashMap.builder();
      case "CuckooHashSet" -> CuckooHashSet.builder();
      case "ConcurrentCuckooHashMap" -> ConcurrentCuckooHashMap.builder();
      default -> throw new InvalidObjectException("not a map or set of twochoice: " + type);
    };
  }

  /**
   * Applies the settings to {@code builder}, each checked by it, and builds the empty map or set.
   */
  private Object build(MapBuilder<?> builder, int expectedSize) throws InvalidObjectException {
    try {
      builder.expectedSize(expectedSize).loadFactor(loadFactor).seed(seed);
      builder.hashFamily(HashFamily.valueOf(String.valueOf(hashFamily)));
      if (builder instanceof OneChoiceHashMap.Builder) {
        expect("choices", choices, 1);
      } else if (builder instanceof ChoicesBuilder<?> chained) {
        chained.choices(choices);
      }
      if (builder instanceof BucketMapBuilder<?> bucketed) {
        bucketed.choices(choices).slotsPerBucket(slotsPerBucket);
      } else {
        expect("slotsPerBucket", slotsPerBucket, 0);
      }
      if (builder instanceof ConcurrentCuckooHashMap.Builder concurrent) {
        concurrent.lockStripes(lockStripes);
      } else {
        expect("lockStripes", lockStripes, 0);
      }
      return builder.buildFor(strategy);
    } catch (IllegalArgumentException e) {
      throw invalid("invalid setting of a " + type + ": " + e.getMessage(), e);
    }
  }

  private void expect(String setting, int value, int only) {
    if (value != only) {
      throw new IllegalArgumentException(setting + " must be " + only + ": " + value);
    }
  }

  private static InvalidObjectException invalid(String message, Exception cause) {
    InvalidObjectException e = new InvalidObjectException(message);
    e.initCause(cause);
    return e;
  }
}
