/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import java.util.AbstractCollection;
import java.util.AbstractSet;
import java.util.Collection;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Spliterator;
import java.util.concurrent.ConcurrentMap;
import java.util.function.BiFunction;
import java.util.function.BiPredicate;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The value and entry views of a concurrent map that takes atomic snapshots of its entries ({@link
 * Source}: the concurrent cuckoo map), and the snapshot iteration that every view of it uses. A
 * traversal walks a snapshot taken when it starts, so it never throws {@link
 * java.util.ConcurrentModificationException} and sees each entry once; writes through a view
 * ({@code remove}, {@code setValue}, bulk removals) are the map's conditional operations, which
 * remove or replace an entry only if it still holds the value the traversal saw.
 *
 * <p>Cost: a traversal or a bulk removal copies the map's keys and values into one array (8 bytes
 * per entry with compressed references); a lookup through a view is the map's.
 */
final class SnapshotViews {
  /**
   * The map of the views: its operations, and atomic snapshots of its entries as key, value pairs
   * (key before value).
   */
  record Source<K, V>(ConcurrentMap<K, V> map, Supplier<Object[]> snapshots) {
    Object[] snapshot() {
      return snapshots.get();
    }
  }

  /** The characteristics of the key and entry spliterators. */
  static final int DISTINCT = Spliterator.CONCURRENT | Spliterator.NONNULL | Spliterator.DISTINCT;

  private SnapshotViews() {}

  /**
   * Removes each entry that {@code filter} accepts, if it still holds the value the filter saw: a
   * scan of a snapshot, with {@link ConcurrentMap#remove(Object, Object)} for each accepted entry.
   */
  @SuppressWarnings("unchecked") // only K and V are ever stored
  static <K, V> boolean removeEntriesIf(Source<K, V> source, BiPredicate<K, V> filter) {
    Object[] entries = source.snapshot();
    boolean removed = false;
    for (int i = 0; i < entries.length; i += 2) {
      K key = (K) entries[i];
      V value = (V) entries[i + 1];
      if (filter.test(key, value) && source.map().remove(key, value)) {
        removed = true;
      }
    }
    return removed;
  }

  /** The values of a map: a collection backed by it. */
  static final class Values<K, V> extends AbstractCollection<V> {
    private final Source<K, V> source;

    Values(Source<K, V> source) {
      this.source = source;
    }

    @Override
    public int size() {
      return source.map().size();
    }

    @Override
    public boolean isEmpty() {
      return source.map().isEmpty();
    }

    @Override
    public boolean contains(Object o) {
      return source.map().containsValue(o);
    }

    /** Removes one key that maps to {@code o}, if it still does when it is removed. */
    @Override
    public boolean remove(Object o) {
      if (o == null) {
        return false;
      }
      Object[] entries = source.snapshot();
      for (int i = 0; i < entries.length; i += 2) {
        if (o.equals(entries[i + 1]) && source.map().remove(entries[i], o)) {
          return true;
        }
      }
      return false;
    }

    @Override
    public boolean removeIf(Predicate<? super V> filter) {
      Objects.requireNonNull(filter, "filter");
      return removeEntriesIf(source, (k, v) -> filter.test(v));
    }

    @Override
    public boolean removeAll(Collection<?> c) {
      Objects.requireNonNull(c, "c");
      return removeEntriesIf(source, (k, v) -> c.contains(v));
    }

    @Override
    public boolean retainAll(Collection<?> c) {
      Objects.requireNonNull(c, "c");
      return removeEntriesIf(source, (k, v) -> !c.contains(v));
    }

    @Override
    public void clear() {
      source.map().clear();
    }

    @Override
    public Iterator<V> iterator() {
      return new SnapshotIterator<K, V, V>(source) {
        @Override
        V element(K key, V value) {
          return value;
        }
      };
    }

    @Override
    public Spliterator<V> spliterator() {
      return new SnapshotSpliterator<>(
          source, Spliterator.CONCURRENT | Spliterator.NONNULL, (k, v) -> v);
    }
  }

  /** The entries of a map: a set backed by it, whose entries write through. */
  static final class EntrySet<K, V> extends AbstractSet<Map.Entry<K, V>> {
    private final Source<K, V> source;

    EntrySet(Source<K, V> source) {
      this.source = source;
    }

    @Override
    public int size() {
      return source.map().size();
    }

    @Override
    public boolean isEmpty() {
      return source.map().isEmpty();
    }

    @Override
    public boolean contains(Object o) {
      if (!(o instanceof Map.Entry<?, ?> e) || e.getKey() == null || e.getValue() == null) {
        return false;
      }
      Object value = source.map().get(e.getKey());
      return value != null && value.equals(e.getValue());
    }

    @Override
    public boolean remove(Object o) {
      return o instanceof Map.Entry<?, ?> e
          && e.getKey() != null
          && e.getValue() != null
          && source.map().remove(e.getKey(), e.getValue());
    }

    @Override
    public boolean removeIf(Predicate<? super Map.Entry<K, V>> filter) {
      Objects.requireNonNull(filter, "filter");
      return removeEntriesIf(
          source, (k, v) -> filter.test(new WriteThroughEntry<>(source.map(), k, v)));
    }

    @Override
    public boolean removeAll(Collection<?> c) {
      Objects.requireNonNull(c, "c");
      return removeEntriesIf(
          source, (k, v) -> c.contains(new WriteThroughEntry<>(source.map(), k, v)));
    }

    @Override
    public boolean retainAll(Collection<?> c) {
      Objects.requireNonNull(c, "c");
      return removeEntriesIf(
          source, (k, v) -> !c.contains(new WriteThroughEntry<>(source.map(), k, v)));
    }

    @Override
    public void clear() {
      source.map().clear();
    }

    @Override
    public Iterator<Map.Entry<K, V>> iterator() {
      return new SnapshotIterator<K, V, Map.Entry<K, V>>(source) {
        private WriteThroughEntry<K, V> last;

        @Override
        Map.Entry<K, V> element(K key, V value) {
          last = new WriteThroughEntry<>(source.map(), key, value);
          return last;
        }

        @Override
        void remove(K key, V value) {
          super.remove(key, last.getValue()); // as set by the entry's setValue, if it was called
        }
      };
    }

    @Override
    public Spliterator<Map.Entry<K, V>> spliterator() {
      return new SnapshotSpliterator<>(
          source, DISTINCT, (k, v) -> new WriteThroughEntry<>(source.map(), k, v));
    }
  }

  /** An entry of a traversal; {@code setValue} writes through with {@code put}. */
  static final class WriteThroughEntry<K, V> implements Map.Entry<K, V> {
    private final ConcurrentMap<K, V> map;
    private final K key;
    private V value;

    WriteThroughEntry(ConcurrentMap<K, V> map, K key, V value) {
      this.map = map;
      this.key = key;
      this.value = value;
    }

    @Override
    public K getKey() {
      return key;
    }

    @Override
    public V getValue() {
      return value;
    }

    @Override
    public V setValue(V newValue) {
      V old = value;
      map.put(key, newValue);
      value = newValue;
      return old;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Map.Entry<?, ?> e && key.equals(e.getKey()) && value.equals(e.getValue());
    }

    @Override
    public int hashCode() {
      return key.hashCode() ^ value.hashCode();
    }

    @Override
    public String toString() {
      return key + "=" + value;
    }
  }

  /**
   * An iterator over a snapshot taken when it is created; {@code remove} removes the entry last
   * returned if it still holds the value returned (a key set's iterator: the key, whatever its
   * value).
   *
   * @param <T> the type of elements: keys, values or entries
   */
  abstract static class SnapshotIterator<K, V, T> implements Iterator<T> {
    private final Source<K, V> source;
    private final Object[] entries;
    private int next;
    private K lastKey;
    private V lastValue;

    SnapshotIterator(Source<K, V> source) {
      this.source = source;
      this.entries = source.snapshot();
    }

    abstract T element(K key, V value);

    /** Removes the mapping of {@code key} if it is still {@code value}. */
    void remove(K key, V value) {
      source.map().remove(key, value);
    }

    @Override
    public boolean hasNext() {
      return next < entries.length;
    }

    @Override
    @SuppressWarnings("unchecked") // only K and V are ever stored
    public T next() {
      if (next >= entries.length) {
        throw new NoSuchElementException();
      }
      lastKey = (K) entries[next];
      lastValue = (V) entries[next + 1];
      next += 2;
      return element(lastKey, lastValue);
    }

    @Override
    public void remove() {
      if (lastKey == null) {
        throw new IllegalStateException("next() has not returned an element since the last remove");
      }
      remove(lastKey, lastValue);
      lastKey = null;
    }
  }

  /**
   * A spliterator over a snapshot taken at its first traversal, split by halving its range of
   * entries.
   *
   * @param <T> the type of elements: keys, values or entries
   */
  static final class SnapshotSpliterator<K, V, T> implements Spliterator<T> {
    private final Source<K, V> source;
    private Object[] entries;
    private int index;
    private int fence;
    private final int characteristics;
    private final BiFunction<K, V, T> element;

    /** A spliterator over the whole map, which takes its snapshot when it is first used. */
    SnapshotSpliterator(Source<K, V> source, int characteristics, BiFunction<K, V, T> element) {
      this(source, null, 0, 0, characteristics, element);
    }

    private SnapshotSpliterator(
        Source<K, V> source,
        Object[] entries,
        int index,
        int fence,
        int characteristics,
        BiFunction<K, V, T> element) {
      this.source = source;
      this.entries = entries;
      this.index = index;
      this.fence = fence;
      this.characteristics = characteristics;
      this.element = element;
    }

    private void bind() {
      if (entries == null) {
        entries = source.snapshot();
        fence = entries.length;
      }
    }

    @Override
    @SuppressWarnings("unchecked") // only K and V are ever stored
    public boolean tryAdvance(Consumer<? super T> action) {
      Objects.requireNonNull(action, "action");
      bind();
      if (index >= fence) {
        return false;
      }
      K key = (K) entries[index];
      V value = (V) entries[index + 1];
      index += 2;
      action.accept(element.apply(key, value));
      return true;
    }

    @Override
    public Spliterator<T> trySplit() {
      bind();
      int middle = ((index + fence) >>> 1) & ~1;
      if (middle <= index) {
        return null;
      }
      Spliterator<T> prefix =
          new SnapshotSpliterator<>(source, entries, index, middle, characteristics, element);
      index = middle;
      return prefix;
    }

    @Override
    public long estimateSize() {
      return entries == null ? source.map().size() : (fence - index) / 2;
    }

    @Override
    public int characteristics() {
      return characteristics;
    }
  }
}
