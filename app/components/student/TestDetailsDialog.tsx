import type { TestDetails } from "#app/domain/test-details";
import { DialogCancel, UrlDialog } from "../UrlDialog";

/**
 * The read-only Test details dialog (spec 001 §2): question ID, score, the provider response
 * pretty-printed in a read-only text box, and the recordings. Open while the URL says
 * `?dialog=test-details&test=<id>`; rendered in place, so it opens without JavaScript too.
 */
export function TestDetailsDialog({ details }: { details: TestDetails }) {
  return (
    <UrlDialog name="test-details" title={details.title} className="sp-details-dialog" alsoRemove={["test"]}>
      {(closeHref) => (
        <>
          {details.rows.length === 0 ? (
            <p className="empty">No results!</p>
          ) : (
            <div className="sp-details__scroll">
              <table className="sp-details">
                <caption className="visually-hidden">Question responses</caption>
                <thead>
                  <tr>
                    <th scope="col">Question ID</th>
                    <th scope="col">Score</th>
                    <th scope="col">Provider Response</th>
                    <th scope="col">Audio</th>
                  </tr>
                </thead>
                <tbody>
                  {details.rows.map((row) => (
                    <tr key={row.id}>
                      <th scope="row">{row.questionCode}</th>
                      <td>{row.score}</td>
                      <td>
                        <textarea
                          className="sp-details__response"
                          readOnly
                          value={row.response}
                          rows={Math.min(8, Math.max(2, row.response.split("\n").length))}
                          aria-label={`Provider response for ${row.questionCode}`}
                        />
                      </td>
                      <td>
                        {row.audio.length === 0 ? (
                          <span className="muted">No recording</span>
                        ) : (
                          <ul className="sp-details__audio">
                            {row.audio.map((clip) => (
                              <li key={clip.fileName}>
                                {row.labelled ? <span className="sp-details__audio-label">{clip.label}</span> : null}
                                {/* Recordings of spoken answers: no captions exist for them. */}
                                {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
                                <audio
                                  controls
                                  preload="none"
                                  src={clip.src}
                                  aria-label={`${clip.label} recording for ${row.questionCode}`}
                                />
                              </li>
                            ))}
                          </ul>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div className="dialog-actions">
            <DialogCancel href={closeHref}>Close</DialogCancel>
          </div>
        </>
      )}
    </UrlDialog>
  );
}
