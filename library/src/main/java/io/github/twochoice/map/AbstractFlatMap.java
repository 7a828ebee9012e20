/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.util.AbstractCollection;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Collection;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.Spliterator;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * The {@link Map} contract, written once for every map of the library on top of a few primitive
 * operations on <em>entry indices</em>.
 *
 * <p>A subclass stores its entries in flat arrays and names each entry by an index in {@code [0,
 * indexLimit())}; an index may be empty ({@link #isLive} false) in tables with free slots. The
 * subclass supplies only its placement rule: {@link #find} (lookup), {@link #place} (where a new
 * key goes), {@link #isFullFor} and {@link #growFor} (when and how the table, or the part of it a
 * new key goes to, grows), {@link #removeAt} (deletion) and {@link #clear}. This class owns the
 * write path on top of them — hash the key once, search once, grow if full, place — for {@code put}
 * and for every method that may add a key ({@code putIfAbsent}, {@code computeIfAbsent}, {@code
 * compute}, {@code merge}), and builds the three views and their fail-fast iterators and
 * spliterators, the default methods with {@link java.util.HashMap}'s semantics, and serialization
 * of the entries.
 *
 * <p><b>Size.</b> Besides growing, a table rebuilds for a given number of entries ({@link
 * #rebuildFor}): {@code putAll} that at least doubles the map first makes room for all the new
 * keys, {@link #trim()} shrinks the table to what its entries need, and a removal through the map
 * (not through an iterator, which must keep its place) that leaves the table, or the part of it
 * that held the entry, mostly empty shrinks it ({@link #shrinkAfterRemovalAt}), so a map that was
 * large and became small gives its memory back.
 *
 * <p>Iteration runs over increasing indices. {@link #removeAt} may move another entry into the
 * removed index, but only one that iteration has not reached yet (from a higher index), so an
 * iterator's {@code remove} simply resumes at the index it removed.
 *
 * <p>Structural changes (an entry added or removed, a resize) increment {@link #modCount}; a view
 * iterator or spliterator that sees it change throws {@link ConcurrentModificationException}, and
 * so do the methods taking a mapping function when the function changes the map.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
abstract class AbstractFlatMap<K, V> extends AbstractMap<K, V>
    implements Cloneable, LoadReporting, Serializable {
  private static final long serialVersionUID = 1L;

  /**
   * A removal shrinks the table when its entries fall below this fraction's inverse of the growth
   * threshold: 1/4, so that shrinking to half full leaves a factor of two before the table grows or
   * shrinks again.
   */
  static final int SHRINK_BELOW_FRACTION_INVERSE = 4;

  /** Tables whose growth threshold is at most this never shrink by themselves. */
  static final int SHRINK_FLOOR = 64;

  /** What {@link #find} answers for an absent key when it names no place for it. */
  static final int ABSENT = -1;

  /** Number of structural modifications, for fail-fast iteration. */
  transient int modCount;

  private transient Set<K> keySetView;
  private transient Collection<V> valuesView;
  private transient Set<Entry<K, V>> entrySetView;

  // ---- The placement rule: supplied by each map ----

  /** Returns the 64-bit hash of a key under this map's hash function: the one a write computes. */
  abstract long hash(Object key);

  /** Returns the index of the entry holding {@code key}, whose hash is {@code hash}, or -1. */
  abstract int find(long hash, Object key);

  /**
   * {@link #find} for a write that adds the key if it is absent: returns its index, or a negative
   * number if the map holds no such key: {@code -2 - target} where {@code target} is the place that
   * {@link #placeAt} would give the key now, or {@link #ABSENT} if it names none (the key goes
   * where {@link #place} puts it). The write path thus searches once and places the key where the
   * search already looked, without reading its buckets or chains again.
   */
  abstract int findToInsert(long hash, Object key);

  /**
   * Places an absent key at {@code target}, which {@link #findToInsert} named for it with the table
   * as it is now (no growth since).
   */
  abstract void placeAt(int target, long hash, K key, V value);

  /** Returns whether the table should grow before it takes a new key whose hash is {@code hash}. */
  abstract boolean isFullFor(long hash);

  /**
   * Grows the table, or the part of it where a key whose hash is {@code hash} goes; every entry
   * keeps its key, value and nothing else.
   */
  abstract void growFor(long hash);

  /** Returns how many entries the table holds before it grows: its load factor times its slots. */
  abstract long threshold();

  /**
   * Rebuilds the table at the size that holds {@code entries} (at least {@link #size()}) at the
   * load factor, larger or smaller than now; does nothing if the table has that size already.
   * Iteration order changes; a failure leaves the map as it was.
   */
  abstract void rebuildFor(int entries);

  /** Returns whether the table holds values; a table under a set holds keys only. */
  abstract boolean storesValues();

  /**
   * Returns the number of buckets each key may live in.
   *
   * @return d, the number of choices
   */
  public abstract int choices();

  /**
   * Returns the load factor: keys per slot of the table at which it grows.
   *
   * @return the load factor
   */
  public abstract double loadFactor();

  /**
   * Returns the seed of this map's hash function.
   *
   * @return the seed
   */
  public abstract long seed();

  /**
   * Places an absent key with hash {@code hash}: in the table by the map's rule, or in its overflow
   * area. The map may grow first if its rule cannot place the key.
   */
  abstract void place(long hash, K key, V value);

  /** Returns an upper bound (exclusive) of the live entry indices. */
  abstract int indexLimit();

  /** Returns whether {@code index} (below {@link #indexLimit()}) holds an entry. */
  abstract boolean isLive(int index);

  /** Returns the first live index at or after {@code from}, or {@link #indexLimit()}. */
  int nextLive(int from) {
    int limit = indexLimit();
    int i = from;
    while (i < limit && !isLive(i)) {
      i++;
    }
    return i;
  }

  abstract K keyAt(int index);

  abstract V valueAt(int index);

  abstract void setValueAt(int index, V value);

  /**
   * Removes the live entry at {@code index}. The map may move an entry from a higher index into
   * {@code index}; it moves no other entry.
   */
  abstract void removeAt(int index);

  /** Returns the index of the entry holding {@code key}, or -1. */
  final int indexOf(Object key) {
    return find(hash(key), key);
  }

  /**
   * Removes the live entry at {@code index} and shrinks the table if it is now mostly empty. Not
   * for iterators: the shrinking moves entries.
   */
  final void removeAndShrink(int index) {
    removeAt(index);
    shrinkAfterRemovalAt(index);
  }

  /**
   * Shrinks the table after the removal of the entry at {@code index} if it is now mostly empty:
   * below a quarter of its growth threshold, it is rebuilt half full. A table in parts may shrink
   * only the part that held the entry.
   */
  void shrinkAfterRemovalAt(int index) {
    long threshold = threshold();
    if (threshold > SHRINK_FLOOR && size() < threshold / SHRINK_BELOW_FRACTION_INVERSE) {
      rebuildFor(2 * size());
    }
  }

  /**
   * Rebuilds the table at the smallest size that holds its entries at its load factor, giving back
   * the memory that removals left empty (as fastutil's {@code trim()} does). Removals through this
   * map shrink a table that becomes a quarter as full as its load factor by themselves; removals
   * through an iterator never do, so call this after them. Iteration order may change.
   *
   * <p>Cost: O(size + capacity) time and one {@code hashCode()} call per key, like a growth.
   */
  public void trim() {
    rebuildFor(size());
  }

  // ---- Keys without values, for the sets ----

  /** Adds {@code key} if absent (with a null value); returns whether it was absent. */
  final boolean addKey(K key) {
    long hash = hash(key);
    int index = findToInsert(hash, key);
    if (index >= 0) {
      return false;
    }
    insert(hash, key, null, index);
    return true;
  }

  /** Removes {@code key} if present; returns whether it was. */
  final boolean removeKey(Object key) {
    int index = indexOf(key);
    if (index < 0) {
      return false;
    }
    removeAndShrink(index);
    return true;
  }

  // ---- The write path: hash once, search once, place ----

  /**
   * Adds an absent key whose hash is {@code hash}, growing the table first if it is full; {@code
   * absent} is what {@link #findToInsert} answered for it, with no change to the table since.
   */
  final void insert(long hash, K key, V value, int absent) {
    if (isFullFor(hash)) {
      growFor(hash);
      place(hash, key, value);
    } else if (absent == ABSENT) {
      place(hash, key, value);
    } else {
      placeAt(-2 - absent, hash, key, value);
    }
    modCount++;
  }

  /**
   * Grows the table once, if needed, so that {@code more} new entries fit without growing, when
   * they are at least as many as the entries there: fewer are cheaper to place one by one than all
   * the entries are to move.
   */
  final void makeRoomFor(int more) {
    long wanted = (long) size() + more;
    if (more > 0 && more >= size() && wanted > threshold()) {
      rebuildFor((int) Math.min(Integer.MAX_VALUE, wanted));
    }
  }

  @Override
  public V put(K key, V value) {
    long hash = hash(key);
    int index = findToInsert(hash, key);
    if (index >= 0) {
      V old = valueAt(index);
      setValueAt(index, value);
      return old;
    }
    insert(hash, key, value, index);
    return null;
  }

  // ---- Queries ----

  @Override
  public boolean isEmpty() {
    return size() == 0;
  }

  @Override
  public V get(Object key) {
    return valueOf(key, null);
  }

  @Override
  public V getOrDefault(Object key, V defaultValue) {
    return valueOf(key, defaultValue);
  }

  /**
   * Returns the value of {@code key}, or {@code absent} if the map holds no such key: {@link
   * #indexOf} then {@link #valueAt}, unless a map reads the value where its search found the key.
   */
  V valueOf(Object key, V absent) {
    int index = indexOf(key);
    return index < 0 ? absent : valueAt(index);
  }

  @Override
  public boolean containsKey(Object key) {
    return indexOf(key) >= 0;
  }

  @Override
  public boolean containsValue(Object value) {
    for (int i = nextLive(0); i < indexLimit(); i = nextLive(i + 1)) {
      if (Objects.equals(value, valueAt(i))) {
        return true;
      }
    }
    return false;
  }

  // ---- Updates built on the placement rule ----

  @Override
  public V remove(Object key) {
    int index = indexOf(key);
    if (index < 0) {
      return null;
    }
    V old = valueAt(index);
    removeAndShrink(index);
    return old;
  }

  @Override
  public boolean remove(Object key, Object value) {
    int index = indexOf(key);
    if (index < 0 || !Objects.equals(value, valueAt(index))) {
      return false;
    }
    removeAndShrink(index);
    return true;
  }

  /**
   * Copies every mapping of {@code m} into this map. When {@code m} has at least as many mappings
   * as this map, the table first grows once to hold as many entries as both maps have together,
   * rather than growing step by step on the way.
   *
   * @param m the mappings to copy
   * @throws NullPointerException if {@code m} is null
   */
  @Override
  public void putAll(Map<? extends K, ? extends V> m) {
    makeRoomFor(m.size());
    for (Entry<? extends K, ? extends V> e : m.entrySet()) {
      put(e.getKey(), e.getValue());
    }
  }

  @Override
  public V putIfAbsent(K key, V value) {
    long hash = hash(key);
    int index = findToInsert(hash, key);
    if (index < 0) {
      insert(hash, key, value, index);
      return null;
    }
    V old = valueAt(index);
    if (old == null) {
      setValueAt(index, value);
    }
    return old;
  }

  @Override
  public boolean replace(K key, V oldValue, V newValue) {
    int index = indexOf(key);
    if (index < 0 || !Objects.equals(oldValue, valueAt(index))) {
      return false;
    }
    setValueAt(index, newValue);
    return true;
  }

  @Override
  public V replace(K key, V value) {
    int index = indexOf(key);
    if (index < 0) {
      return null;
    }
    V old = valueAt(index);
    setValueAt(index, value);
    return old;
  }

  @Override
  public V computeIfAbsent(K key, Function<? super K, ? extends V> mappingFunction) {
    Objects.requireNonNull(mappingFunction, "mappingFunction");
    long hash = hash(key);
    int index = findToInsert(hash, key);
    if (index >= 0 && valueAt(index) != null) {
      return valueAt(index);
    }
    int expectedModCount = modCount;
    V value = mappingFunction.apply(key);
    checkUnmodifiedBy(expectedModCount);
    if (value != null) {
      store(index, hash, key, value);
    }
    return value;
  }

  @Override
  public V computeIfPresent(
      K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
    Objects.requireNonNull(remappingFunction, "remappingFunction");
    long hash = hash(key);
    int index = find(hash, key);
    V old = index < 0 ? null : valueAt(index);
    if (old == null) {
      return null;
    }
    int expectedModCount = modCount;
    V value = remappingFunction.apply(key, old);
    checkUnmodifiedBy(expectedModCount);
    return storeOrRemove(index, hash, key, value);
  }

  @Override
  public V compute(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
    Objects.requireNonNull(remappingFunction, "remappingFunction");
    long hash = hash(key);
    int index = findToInsert(hash, key);
    V old = index < 0 ? null : valueAt(index);
    int expectedModCount = modCount;
    V value = remappingFunction.apply(key, old);
    checkUnmodifiedBy(expectedModCount);
    return storeOrRemove(index, hash, key, value);
  }

  @Override
  public V merge(K key, V value, BiFunction<? super V, ? super V, ? extends V> remappingFunction) {
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(remappingFunction, "remappingFunction");
    long hash = hash(key);
    int index = findToInsert(hash, key);
    V old = index < 0 ? null : valueAt(index);
    if (old == null) {
      store(index, hash, key, value);
      return value;
    }
    int expectedModCount = modCount;
    V merged = remappingFunction.apply(old, value);
    checkUnmodifiedBy(expectedModCount);
    return storeOrRemove(index, hash, key, merged);
  }

  @Override
  public void forEach(BiConsumer<? super K, ? super V> action) {
    Objects.requireNonNull(action, "action");
    int expectedModCount = modCount;
    for (int i = nextLive(0);
        i < indexLimit() && modCount == expectedModCount;
        i = nextLive(i + 1)) {
      action.accept(keyAt(i), valueAt(i));
    }
    checkUnmodifiedBy(expectedModCount);
  }

  @Override
  public void replaceAll(BiFunction<? super K, ? super V, ? extends V> function) {
    Objects.requireNonNull(function, "function");
    int expectedModCount = modCount;
    for (int i = nextLive(0);
        i < indexLimit() && modCount == expectedModCount;
        i = nextLive(i + 1)) {
      setValueAt(i, function.apply(keyAt(i), valueAt(i)));
    }
    checkUnmodifiedBy(expectedModCount);
  }

  /**
   * Sets the value of {@code key} (hash {@code hash}): at {@code index} if it is present there
   * (index >= 0), else as a new entry, without searching again.
   */
  private void store(int index, long hash, K key, V value) {
    if (index >= 0) {
      setValueAt(index, value);
    } else {
      insert(hash, key, value, index);
    }
  }

  /** Stores a computed value, or removes the entry at {@code index} when the value is null. */
  private V storeOrRemove(int index, long hash, K key, V value) {
    if (value != null) {
      store(index, hash, key, value);
    } else if (index >= 0) {
      removeAndShrink(index);
    }
    return value;
  }

  private void checkUnmodifiedBy(int expectedModCount) {
    if (modCount != expectedModCount) {
      throw new ConcurrentModificationException();
    }
  }

  // ---- Views ----

  @Override
  public Set<K> keySet() {
    if (keySetView == null) {
      keySetView = new KeySetView();
    }
    return keySetView;
  }

  @Override
  public Collection<V> values() {
    if (valuesView == null) {
      valuesView = new ValuesView();
    }
    return valuesView;
  }

  @Override
  public Set<Entry<K, V>> entrySet() {
    if (entrySetView == null) {
      entrySetView = new EntrySetView();
    }
    return entrySetView;
  }

  /**
   * Returns a shallow copy: the keys and values themselves are not cloned. The copy starts with its
   * own views and no modification history; each map copies its arrays on top of this.
   *
   * @return a copy of this map
   */
  @Override
  @SuppressWarnings("unchecked") // super.clone() returns an instance of this class
  public AbstractFlatMap<K, V> clone() {
    AbstractFlatMap<K, V> copy;
    try {
      copy = (AbstractFlatMap<K, V>) super.clone();
    } catch (CloneNotSupportedException e) {
      throw new AssertionError(e);
    }
    copy.keySetView = null;
    copy.valuesView = null;
    copy.entrySetView = null;
    copy.modCount = 0;
    return copy;
  }

  private final class KeySetView extends AbstractSet<K> {
    @Override
    public int size() {
      return AbstractFlatMap.this.size();
    }

    @Override
    public void clear() {
      AbstractFlatMap.this.clear();
    }

    @Override
    public boolean contains(Object o) {
      return containsKey(o);
    }

    @Override
    public boolean remove(Object o) {
      return removeKey(o);
    }

    @Override
    public Iterator<K> iterator() {
      return new IndexIterator<>(AbstractFlatMap.this::keyAt);
    }

    @Override
    public Spliterator<K> spliterator() {
      return new IndexSpliterator<>(AbstractFlatMap.this::keyAt, Spliterator.DISTINCT);
    }
  }

  private final class ValuesView extends AbstractCollection<V> {
    @Override
    public int size() {
      return AbstractFlatMap.this.size();
    }

    @Override
    public void clear() {
      AbstractFlatMap.this.clear();
    }

    @Override
    public boolean contains(Object o) {
      return containsValue(o);
    }

    @Override
    public Iterator<V> iterator() {
      return new IndexIterator<>(AbstractFlatMap.this::valueAt);
    }

    @Override
    public Spliterator<V> spliterator() {
      return new IndexSpliterator<>(AbstractFlatMap.this::valueAt, 0);
    }
  }

  private final class EntrySetView extends AbstractSet<Entry<K, V>> {
    @Override
    public int size() {
      return AbstractFlatMap.this.size();
    }

    @Override
    public void clear() {
      AbstractFlatMap.this.clear();
    }

    @Override
    public boolean contains(Object o) {
      return indexOfEntry(o) >= 0;
    }

    @Override
    public boolean remove(Object o) {
      int index = indexOfEntry(o);
      if (index < 0) {
        return false;
      }
      removeAndShrink(index);
      return true;
    }

    @Override
    public Iterator<Entry<K, V>> iterator() {
      return new IndexIterator<>(IndexedEntry::new);
    }

    @Override
    public Spliterator<Entry<K, V>> spliterator() {
      return new IndexSpliterator<>(IndexedEntry::new, Spliterator.DISTINCT);
    }

    /** Returns the index of the entry equal to {@code o} (same key and value), or -1. */
    private int indexOfEntry(Object o) {
      if (!(o instanceof Entry<?, ?> e)) {
        return -1;
      }
      int index = indexOf(e.getKey());
      return index >= 0 && Objects.equals(valueAt(index), e.getValue()) ? index : -1;
    }
  }

  /**
   * A map entry that reads and writes through to the map. It remembers the index where its key was
   * last seen and looks the key up again if an update moved it.
   */
  private final class IndexedEntry implements Entry<K, V> {
    private final K key;
    private int lastKnownIndex;

    IndexedEntry(int index) {
      this.key = keyAt(index);
      this.lastKnownIndex = index;
    }

    private int currentIndex() {
      int i = lastKnownIndex;
      // the stored key object is this entry's key while the entry lives there; -1 after the key
      // was found absent, which it need not be anymore
      if (i < 0 || i >= indexLimit() || !isLive(i) || keyAt(i) != key) {
        i = indexOf(key);
        lastKnownIndex = i;
      }
      return i;
    }

    @Override
    public K getKey() {
      return key;
    }

    @Override
    public V getValue() {
      int i = currentIndex();
      return i < 0 ? null : valueAt(i);
    }

    @Override
    public V setValue(V value) {
      int i = currentIndex();
      if (i < 0) {
        put(key, value);
        return null;
      }
      V old = valueAt(i);
      setValueAt(i, value);
      return old;
    }

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof Entry<?, ?> e)) {
        return false;
      }
      return Objects.equals(key, e.getKey()) && Objects.equals(getValue(), e.getValue());
    }

    @Override
    public int hashCode() {
      return Objects.hashCode(key) ^ Objects.hashCode(getValue());
    }

    @Override
    public String toString() {
      return key + "=" + getValue();
    }
  }

  /** The one iterator behind all three views: live indices in increasing order. */
  private final class IndexIterator<T> implements Iterator<T> {
    private final IntFunction<T> output;
    private int cursor;
    private int lastReturned = -1;
    private int expectedModCount = modCount;

    IndexIterator(IntFunction<T> output) {
      this.output = output;
    }

    @Override
    public boolean hasNext() {
      cursor = nextLive(cursor);
      return cursor < indexLimit();
    }

    @Override
    public T next() {
      checkUnmodifiedBy(expectedModCount);
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      lastReturned = cursor++;
      return output.apply(lastReturned);
    }

    @Override
    public void remove() {
      if (lastReturned < 0) {
        throw new IllegalStateException("next() has not been called since the last remove()");
      }
      checkUnmodifiedBy(expectedModCount);
      removeAt(lastReturned);
      cursor = lastReturned; // an entry from a higher index may have moved here
      lastReturned = -1;
      expectedModCount = modCount;
    }

    @Override
    public void forEachRemaining(Consumer<? super T> action) {
      Objects.requireNonNull(action, "action");
      while (hasNext()) {
        action.accept(next());
      }
    }
  }

  /**
   * The one spliterator behind all three views: a range of indices, split in halves. The range is
   * bound at the first traversal or split, as in {@link java.util.HashMap}.
   */
  private final class IndexSpliterator<T> implements Spliterator<T> {
    private final IntFunction<T> output;
    private final int extraCharacteristics;
    private int origin;
    private int fence = -1; // -1 until bound
    private int estimate; // exact remaining count until the first split
    private boolean split;
    private int expectedModCount;

    IndexSpliterator(IntFunction<T> output, int extraCharacteristics) {
      this.output = output;
      this.extraCharacteristics = extraCharacteristics;
    }

    private IndexSpliterator(IndexSpliterator<T> parent, int origin, int fence, int estimate) {
      this.output = parent.output;
      this.extraCharacteristics = parent.extraCharacteristics;
      this.origin = origin;
      this.fence = fence;
      this.estimate = estimate;
      this.split = true;
      this.expectedModCount = parent.expectedModCount;
    }

    private int fence() {
      if (fence < 0) {
        fence = indexLimit();
        estimate = size();
        expectedModCount = modCount;
      }
      return fence;
    }

    @Override
    public boolean tryAdvance(Consumer<? super T> action) {
      Objects.requireNonNull(action, "action");
      int hi = fence();
      int i = Math.min(nextLive(origin), hi);
      origin = i + 1;
      if (i >= hi) {
        origin = hi;
        return false;
      }
      if (estimate > 0) { // only an estimate once split: entries need not be spread evenly
        estimate--;
      }
      action.accept(output.apply(i));
      checkUnmodifiedBy(expectedModCount);
      return true;
    }

    @Override
    public void forEachRemaining(Consumer<? super T> action) {
      Objects.requireNonNull(action, "action");
      int hi = fence();
      for (int i = nextLive(origin); i < hi; i = nextLive(i + 1)) {
        action.accept(output.apply(i));
      }
      origin = hi;
      estimate = 0;
      checkUnmodifiedBy(expectedModCount);
    }

    @Override
    public Spliterator<T> trySplit() {
      int hi = fence();
      int mid = (origin + hi) >>> 1;
      if (mid <= origin) {
        return null;
      }
      int lo = origin;
      origin = mid;
      split = true;
      estimate >>>= 1;
      return new IndexSpliterator<>(this, lo, mid, estimate);
    }

    @Override
    public long estimateSize() {
      fence();
      return estimate;
    }

    @Override
    public int characteristics() {
      return extraCharacteristics | (split ? 0 : Spliterator.SIZED);
    }
  }

  // ---- Serialization: every map writes its SerialForm ----

  /** The serialized form of {@code source}: this map, or the set on this table of keys. */
  abstract SerialForm serialForm(Object source);

  /**
   * Writes the {@linkplain SerialForm serialized form} instead of this map: its class, its settings
   * as plain values and its entries, never the layout of its table.
   *
   * @return the form to write
   */
  final Object writeReplace() {
    return serialForm(this);
  }

  /**
   * Refuses a stream that holds this map's own fields: a map is read from its serialized form only.
   *
   * @param in the stream
   * @throws InvalidObjectException always
   */
  private void readObject(ObjectInputStream in) throws InvalidObjectException {
    throw SerialForm.proxyRequired();
  }
}
