import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import {
  PLAYBACK_RATES,
  WAVE_HEIGHT,
  WAVE_WIDTH,
  keyHelpText,
  keyTargetKind,
  knownDuration,
  playbackRateLabel,
  playerKeyAction,
  seekTarget,
  silenceCaption,
  silenceRegions,
  timeAtFraction,
  timeToX,
  waveformBarWidth,
  waveformPath,
} from "#app/domain/audio-player";

/** What the server measured of a recording (GET /participantTest/getAudioWaveform), as far as the drawing needs. */
export type RanWaveform = { peaks: number[]; durationSecs: number; leadingSilenceSecs: number; trailingSilenceSecs: number };

export type RanAudioPlayerProps = {
  /** Unique id prefix on the page (labels, aria ids). */
  id: string;
  /** Accessible name, e.g. "Test recording" / "Practice recording". */
  label: string;
  /** The audio URL (already carries its access token). */
  src: string;
  /** Null: no waveform is drawn; the player stays. */
  waveform: RanWaveform | null;
  /** Called when the scorer presses E while the player has focus. */
  onMarkError?: () => void;
  className?: string;
};

const ERROR_MARKED = "Error marked";

/**
 * A RAN recording for scoring (spec 001 §2 'RAN scoring dialog'; issue 11). Without JavaScript:
 * the native audio controls and the waveform, drawn on the server as SVG from the peaks, with the
 * blank stretches over 3 s shaded and named in the caption. With JavaScript: a playhead, click or
 * drag on the waveform to seek, speeds 0.75× / 1× / 1.25× (pitch kept), and keys while focus is
 * inside the player: Space play/pause, ←/→ seek 2 s (Shift 5 s), Home/End, E marks an error.
 * Styles: app/styles/ran.css.
 */
export function RanAudioPlayer({ id, label, src, waveform, onMarkError, className }: RanAudioPlayerProps) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const playheadRef = useRef<SVGLineElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [rate, setRate] = useState<number>(1);
  // Alternates a trailing no-break space so that marking twice in a row is announced twice.
  const [announcement, setAnnouncement] = useState("");
  const canMarkError = onMarkError !== undefined;
  const waveDuration = waveform?.durationSecs ?? null;

  useEffect(() => setEnhanced(true), []);

  const duration = useCallback(() => knownDuration(audioRef.current?.duration, waveDuration), [waveDuration]);

  // The playhead follows the audio: every frame while playing, or only on the element's time
  // updates (a few a second) when the scorer asks for reduced motion.
  useEffect(() => {
    const audio = audioRef.current;
    const line = playheadRef.current;
    if (!audio || !line || !enhanced) return;
    const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    let frame = 0;
    const draw = () => {
      const d = duration();
      const x = String(d === null ? 0 : timeToX(audio.currentTime, d));
      line.setAttribute("x1", x);
      line.setAttribute("x2", x);
    };
    const loop = () => {
      draw();
      frame = requestAnimationFrame(loop);
    };
    const start = () => {
      cancelAnimationFrame(frame);
      if (!reduceMotion) frame = requestAnimationFrame(loop);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      draw();
    };
    const events: Array<[string, () => void]> = [
      ["timeupdate", draw],
      ["seeked", draw],
      ["loadedmetadata", draw],
      ["play", start],
      ["pause", stop],
      ["ended", stop],
      ["emptied", stop],
    ];
    for (const [name, fn] of events) audio.addEventListener(name, fn);
    if (!audio.paused) start();
    draw();
    return () => {
      cancelAnimationFrame(frame);
      for (const [name, fn] of events) audio.removeEventListener(name, fn);
    };
  }, [enhanced, duration]);

  // The native controls have a speed menu too: the pressed button follows whatever set the rate.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const sync = () => setRate(audio.playbackRate);
    audio.addEventListener("ratechange", sync);
    return () => audio.removeEventListener("ratechange", sync);
  }, []);

  function chooseRate(next: number) {
    const audio = audioRef.current;
    if (!audio) return;
    audio.preservesPitch = true;
    audio.defaultPlaybackRate = next; // kept if the element reloads its source
    audio.playbackRate = next;
    setRate(next);
  }

  function seek(secs: number) {
    const audio = audioRef.current;
    if (audio) audio.currentTime = secs;
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const audio = audioRef.current;
    if (!audio) return;
    const el = event.target as HTMLElement;
    const target = keyTargetKind({
      tagName: el.tagName,
      type: el.getAttribute("type"),
      role: el.getAttribute("role"),
      isContentEditable: el.isContentEditable,
    });
    const action = playerKeyAction(event, { target, canMarkError });
    if (!action) return;
    event.preventDefault();
    switch (action.type) {
      case "toggle-play":
        if (audio.paused || audio.ended) audio.play().catch(() => undefined);
        else audio.pause();
        return;
      case "mark-error":
        onMarkError?.();
        setAnnouncement((previous) => (previous === ERROR_MARKED ? `${ERROR_MARKED}\u00a0` : ERROR_MARKED));
        return;
      default: {
        const to = seekTarget(action, audio.currentTime, duration());
        if (to !== null) seek(to);
      }
    }
  }

  // Click, or press and drag, on the waveform to seek; its keyboard equivalents are the group's keys.
  function seekToPointer(event: PointerEvent<SVGSVGElement>) {
    const d = duration();
    if (d === null) return;
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width > 0) seek(timeAtFraction((event.clientX - box.left) / box.width, d));
  }
  function onPointerDown(event: PointerEvent<SVGSVGElement>) {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    seekToPointer(event);
  }
  function onPointerMove(event: PointerEvent<SVGSVGElement>) {
    if (event.currentTarget.hasPointerCapture?.(event.pointerId)) seekToPointer(event);
  }

  const regions = waveform ? silenceRegions(waveform) : [];
  const captionId = `${id}-wave-caption`;
  const helpId = `${id}-keys`;

  return (
    // The group takes focus so its keys work before any control inside is reached; it is not a
    // widget of its own (jsx-a11y reads role="group" as non-interactive).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      id={id}
      className={["ran-player", className].filter(Boolean).join(" ")}
      role="group"
      aria-label={label}
      aria-describedby={enhanced ? helpId : undefined}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={enhanced ? 0 : undefined}
      onKeyDown={onKeyDown}
    >
      {/* A child's spoken answers: no captions exist for them. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio ref={audioRef} id={`${id}-audio`} className="ran-player__audio" controls preload="metadata" src={src} aria-label={label}>
        <a href={src}>Download the recording</a>
      </audio>
      {waveform ? (
        <div className="ran-player__wave">
          {/* Pointer seeking; the keyboard seeks with the group's arrow, Home and End keys. */}
          <svg
            className={enhanced ? "ran-wave ran-wave--seekable" : "ran-wave"}
            viewBox={`0 0 ${WAVE_WIDTH} ${WAVE_HEIGHT}`}
            preserveAspectRatio="none"
            aria-hidden="true"
            focusable="false"
            onPointerDown={enhanced ? onPointerDown : undefined}
            onPointerMove={enhanced ? onPointerMove : undefined}
          >
            {regions.map((r) => (
              <rect
                key={r.edge}
                className={`ran-wave__silence ran-wave__silence--${r.edge}`}
                x={r.x}
                y={0}
                width={r.width}
                height={WAVE_HEIGHT}
              />
            ))}
            <path className="ran-wave__bars" d={waveformPath(waveform.peaks)} strokeWidth={waveformBarWidth(waveform.peaks.length)} />
            {enhanced ? <line ref={playheadRef} className="ran-wave__playhead" x1={0} x2={0} y1={0} y2={WAVE_HEIGHT} /> : null}
          </svg>
          <p id={captionId} className="ran-player__caption">
            {regions.length > 0 ? <span className="ran-player__swatch" aria-hidden="true" /> : null}
            {silenceCaption(regions)}
          </p>
        </div>
      ) : null}
      <div className="ran-player__controls" hidden={!enhanced}>
        <div className="ran-player__speeds" role="group" aria-label="Playback speed">
          {PLAYBACK_RATES.map((r) => (
            <button key={r} type="button" className="button ran-player__speed" aria-pressed={rate === r} onClick={() => chooseRate(r)}>
              {playbackRateLabel(r)}
            </button>
          ))}
        </div>
        <p id={helpId} className="ran-player__keys">
          {keyHelpText(canMarkError)}
        </p>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

/** A response's recording in a player, or 'No recording' when the response has none. */
export function RanRecordingPlayer({
  recording,
  ...player
}: Omit<RanAudioPlayerProps, "src" | "waveform"> & { recording: { src: string; waveform: RanWaveform | null } | undefined }) {
  return recording ? (
    <RanAudioPlayer {...player} src={recording.src} waveform={recording.waveform} />
  ) : (
    <p className="muted">No recording</p>
  );
}
