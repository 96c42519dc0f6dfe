import type { Slider } from "#app/domain/student-profile";

const TICKS = [20, 40, 60, 80] as const;

/**
 * Where a percentile sits on the national scale (spec 001 §9: 273 px wide, marks at 20, 40, 60,
 * 80). A picture with words for screen readers; the zones behind it are the benchmark bands and
 * the number is printed beside it, so colour is never the only carrier.
 */
export function PercentileSlider({ slider, title }: { slider: Slider; title: string }) {
  return (
    <div className="slider" role="img" aria-label={`${title}: ${slider.text} percentile`}>
      <div className="slider__track" aria-hidden="true">
        {TICKS.map((tick) => (
          <span key={tick} className="slider__tick" style={{ left: `${tick}%` }}>
            <span className="slider__tick-label">{tick}</span>
          </span>
        ))}
        <span className={`slider__thumb slider__thumb--${slider.band}`} style={{ left: `${slider.percentile}%` }} />
      </div>
      <span className="slider__value" aria-hidden="true">
        {slider.text}
      </span>
    </div>
  );
}
