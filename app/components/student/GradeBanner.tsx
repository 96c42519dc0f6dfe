import type { Banner } from "#app/lib/banner.server";

/** The optional banner (spec 001 §2), shown when its grades list the student's grade; as on the classroom page. */
export function GradeBanner({ banner }: { banner: Omit<Banner, "grades"> }) {
  return (
    <aside className={`cr-banner cr-banner--${banner.severity}`} aria-labelledby="banner-title">
      {banner.icon ? (
        <span className="cr-banner__icon" aria-hidden="true">
          {banner.icon}
        </span>
      ) : null}
      <div>
        <h2 id="banner-title" className="cr-banner__title">
          {banner.header}
        </h2>
        <p>{banner.message}</p>
        {banner.link ? <a href={banner.link.href}>{banner.link.text}</a> : null}
      </div>
    </aside>
  );
}
