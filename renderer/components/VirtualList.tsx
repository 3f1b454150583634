import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useImperativeHandle, useRef, type ReactNode, type Ref } from 'react';
import type { UiError } from '../api/ui-error.js';
import { useLasting } from '../hooks/use-lasting.js';

export interface VirtualListHandle {
  focus(): void;
  /** Moves the active row; returns its index now. */
  move(delta: number): number | undefined;
  open(): void;
}

interface Props<T> {
  label: string;
  /** Prefix of the rows' element ids (aria-activedescendant). */
  idPrefix: string;
  items: T[];
  rowHeight: number;
  hasMore: boolean;
  loadingMore: boolean;
  moreError: UiError | undefined;
  onLoadMore(): void;
  onRetryMore(): void;
  itemKey(item: T): string;
  renderRow(item: T): ReactNode;
  activeIndex: number;
  onActiveChange(i: number): void;
  selectedKey: string | undefined;
  onOpen(item: T, index: number): void;
  /** A new value (a new query) scrolls back to the top. */
  resetKey?: string | undefined;
  /** A newer query is running: busy at once, and lighter rows if it takes a while. */
  stale?: boolean;
  handle?: Ref<VirtualListHandle>;
}

/** Starts the next page this many rows before the end, so scrolling rarely waits. */
const PREFETCH_ROWS = 15;

/**
 * Rows are dimmed only when a newer query has run this long. At typing speed every key's answer
 * comes sooner, and dimming and undimming the list for each would flicker and repaint every row
 * twice a key.
 */
export const STALE_DIM_AFTER_MS = 150;

/**
 * A listbox that renders only the rows in view (thousands scroll smoothly) and asks for the next
 * page as the end comes near. Keyboard: arrows/j/k move the active row, Enter opens it.
 */
export function VirtualList<T>(p: Props<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const count = p.items.length + (p.hasMore || p.moreError ? 1 : 0);
  const v = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => p.rowHeight,
    overscan: 6,
  });
  const rows = v.getVirtualItems();
  const dim = useLasting(p.stale ?? false, STALE_DIM_AFTER_MS);
  const last = rows[rows.length - 1]?.index ?? 0;

  const { hasMore, loadingMore, onLoadMore, resetKey } = p;
  const loaded = p.items.length;
  useEffect(() => {
    if (hasMore && !loadingMore && last >= loaded - PREFETCH_ROWS) onLoadMore();
  }, [last, loaded, hasMore, loadingMore, onLoadMore]);

  // A new list (`resetKey`) starts at its top. Only when scrolled: scrollToOffset reads the
  // element's size, forcing a layout in the very task of the keystroke that changed the query.
  useEffect(() => {
    if (v.scrollOffset) v.scrollToOffset(0);
  }, [resetKey, v]);

  const move = (delta: number) => {
    if (p.items.length === 0) return undefined;
    const i = Math.max(0, Math.min(p.items.length - 1, p.activeIndex + delta));
    p.onActiveChange(i);
    v.scrollToIndex(i, { align: 'auto' });
    return i;
  };
  const open = () => {
    const item = p.items[p.activeIndex];
    if (item) p.onOpen(item, p.activeIndex);
  };

  useImperativeHandle(p.handle, () => ({ focus: () => scroller.current?.focus(), move, open }));

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown') move(1);
    else if (e.key === 'ArrowUp') move(-1);
    else if (e.key === 'Home') move(-p.items.length);
    else if (e.key === 'End') move(p.items.length);
    else if (e.key === 'Enter') open();
    else return;
    e.preventDefault();
  };

  // One handler for every row: the rows are not focusable themselves (the listbox is, and points
  // at the active row with aria-activedescendant), so the listbox takes their clicks.
  const onClick = (e: React.MouseEvent) => {
    const i = Number((e.target as Element).closest<HTMLElement>('[role="option"]')?.dataset.index);
    const item = p.items[i];
    if (!item) return;
    p.onActiveChange(i);
    p.onOpen(item, i);
  };

  const active = p.items[p.activeIndex] ? `${p.idPrefix}-${p.activeIndex}` : undefined;

  return (
    <div
      ref={scroller}
      className={`vlist${dim ? ' vlist--stale' : ''}`}
      role="listbox"
      aria-label={p.label}
      aria-activedescendant={active}
      aria-busy={p.loadingMore || p.stale ? true : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onClick={onClick}
      data-loaded={p.items.length}
    >
      <div className="vlist__inner" style={{ height: v.getTotalSize() }}>
        {rows.map((r) => {
          const item = p.items[r.index];
          // Positioning is the one style the app sets from script (CSSOM, allowed by the CSP).
          const place = { transform: `translateY(${r.start}px)`, height: r.size };
          if (!item) {
            return (
              <div key="more" className="vlist__row vlist__more" style={place} role="presentation">
                {p.moreError ? (
                  <span role="alert">
                    Could not load more: {p.moreError.detail}{' '}
                    <button type="button" onClick={p.onRetryMore}>
                      Retry
                    </button>
                  </span>
                ) : (
                  <span className="muted">Loading more…</span>
                )}
              </div>
            );
          }
          const key = p.itemKey(item);
          return (
            <div
              key={key}
              id={`${p.idPrefix}-${r.index}`}
              className={`vlist__row${r.index === p.activeIndex ? ' is-active' : ''}${key === p.selectedKey ? ' is-selected' : ''}`}
              style={place}
              role="option"
              data-key={key}
              aria-selected={key === p.selectedKey}
              aria-posinset={r.index + 1}
              aria-setsize={p.hasMore ? -1 : p.items.length}
              data-index={r.index}
            >
              {p.renderRow(item)}
            </div>
          );
        })}
      </div>
    </div>
  );
}
