import { useEffect, useRef, useState } from 'react';
import type { SavedJob } from '#shared/gen/svc/saved/v1/saved_pb';
import { TRACKING_STAGES, type TrackingStage } from '#shared/rules/tracking';
import { label } from '../labels.js';
import { closedWords } from './closed-words.js';
import { formatCalendarDay } from './day.js';
import { moveSaved } from './move-saved.js';

interface Props {
  jobs: readonly SavedJob[];
  selected: string | undefined;
  onOpen(id: string): void;
}

const DRAG_TYPE = 'application/x-jobindex-saved-job';

/**
 * Columns by stage. A card moves with its ← → buttons, with the arrow keys while it has the focus
 * (the focus follows it to its new column), or by dragging it onto another column.
 */
export function SavedBoard({ jobs, selected, onOpen }: Props) {
  const [focusId, setFocusId] = useState<string | undefined>();
  const [over, setOver] = useState<TrackingStage | undefined>();
  const move = async (id: string, stage: TrackingStage) => {
    setFocusId(id);
    await moveSaved(id, stage);
  };
  return (
    <div className="board">
      {TRACKING_STAGES.map((stage, col) => {
        const inStage = jobs.filter((j) => j.stage === stage);
        return (
          <section
            key={stage}
            className={`board__column${over === stage ? ' is-over' : ''}`}
            aria-labelledby={`stage-${stage}`}
            onDragOver={(e) => {
              if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
              e.preventDefault();
              setOver(stage);
            }}
            onDragLeave={() => setOver(undefined)}
            onDrop={(e) => {
              setOver(undefined);
              const id = e.dataTransfer.getData(DRAG_TYPE);
              if (id) void move(id, stage);
            }}
          >
            <h2 id={`stage-${stage}`} className="board__head">
              {label(stage)} <span className="muted">{inStage.length}</span>
            </h2>
            <ul className="plain board__cards">
              {inStage.map((j) => (
                <BoardCard
                  key={j.jobId}
                  job={j}
                  selected={j.jobId === selected}
                  focus={j.jobId === focusId}
                  prev={TRACKING_STAGES[col - 1]}
                  next={TRACKING_STAGES[col + 1]}
                  onMove={(s) => void move(j.jobId, s)}
                  onOpen={() => onOpen(j.jobId)}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

interface CardProps {
  job: SavedJob;
  selected: boolean;
  focus: boolean;
  prev: TrackingStage | undefined;
  next: TrackingStage | undefined;
  onMove(stage: TrackingStage): void;
  onOpen(): void;
}

function BoardCard({ job, selected, focus, prev, next, onMove, onOpen }: CardProps) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  const title = job.snapshot?.title ?? job.jobId;
  const company = job.snapshot?.company?.name ?? '';
  // A card is a list item people move between columns with the keyboard: focusable, named, its keys
  // announced (aria-keyshortcuts), and its moves also plain buttons inside it; as a listitem it keeps
  // the column's count and order for screen readers.
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- see above
    <li
      ref={ref}
      className={`board__card${selected ? ' is-selected' : ''}`}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above
      tabIndex={0}
      draggable
      aria-label={`${title} at ${company}, ${label(job.stage)}${job.closed ? `, ${closedWords(job)}` : ''}`}
      aria-keyshortcuts="ArrowLeft ArrowRight Enter"
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, job.jobId);
        e.dataTransfer.effectAllowed = 'move';
      }}
      onClick={onOpen}
      onKeyDown={(e) => {
        if (e.target !== e.currentTarget) return;
        if (e.key === 'ArrowLeft' && prev) onMove(prev);
        else if (e.key === 'ArrowRight' && next) onMove(next);
        else if (e.key === 'Enter') onOpen();
        else return;
        e.preventDefault();
      }}
    >
      <div className="board__title">{title}</div>
      <div className="muted board__company">{company}</div>
      <div className="board__meta">
        {job.closed && (
          <span className="badge badge--expired" title={closedWords(job)}>
            Closed
          </span>
        )}
        {job.followUpOn && <span className="tag">Follow up {formatCalendarDay(job.followUpOn)}</span>}
      </div>
      <div className="board__moves">
        <button
          type="button"
          className="icon-button"
          disabled={!prev}
          aria-label={prev ? `Move to ${label(prev)}` : 'Already the first stage'}
          title={prev ? `Move to ${label(prev)} (←)` : undefined}
          onClick={(e) => {
            e.stopPropagation();
            if (prev) onMove(prev);
          }}
        >
          ←
        </button>
        <button
          type="button"
          className="icon-button"
          disabled={!next}
          aria-label={next ? `Move to ${label(next)}` : 'Already the last stage'}
          title={next ? `Move to ${label(next)} (→)` : undefined}
          onClick={(e) => {
            e.stopPropagation();
            if (next) onMove(next);
          }}
        >
          →
        </button>
      </div>
    </li>
  );
}
