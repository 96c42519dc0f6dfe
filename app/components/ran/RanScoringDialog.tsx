import { Link } from "@remix-run/react";
import { NO_PRACTICE_RESULTS_TEXT } from "#app/domain/ran";
import { RAN_MODE_PARAMS } from "#app/domain/ran-scoring";
import type { RanActionData, RanScoringData } from "#app/lib/ran-scoring.server";
import { DialogCancel, UrlDialog } from "../UrlDialog";
import { RanRecordingPlayer } from "./RanAudioPlayer";
import { RanInstructions } from "./RanInstructions";
import { RanReferenceImage } from "./RanReferenceImage";
import { RanScoringPanel } from "./RanScoringPanel";

export const RAN_DIALOG_TITLE = "Test Details: RAN Scoring";

/**
 * 'Test Details: RAN Scoring' (spec 001 §2): the instructions, the practice and the scored test
 * in accordions (the last open), each with its recording and response time, and the grade's
 * reference image. Open while the URL says `?dialog=ran&test=<id>`; closing goes back to the
 * page, whose loader then reads the results afresh. The accordions are <details>, so they open
 * and close by keyboard and without JavaScript. With scripts a score is saved through the
 * browser's queue of saves (issue 40 item 1), named in the header's list as 'Object RAN · Lee, Ana'.
 */
export function RanScoringDialog({
  data,
  actionData,
  alsoRemove = ["test"],
  blindPath = false,
}: {
  data: RanScoringData;
  actionData: RanActionData["ran"] | undefined;
  /** The params closing drops: the test's (`test` on the student page, `ranTest` on the classroom page); the modes' always go too. */
  alsoRemove?: readonly string[];
  /** Opened from the blind scoring page (issue 34 item 7): the blind form, and no link to /test-details, which shows the figures. */
  blindPath?: boolean;
}) {
  const { view } = data;
  return (
    <UrlDialog name="ran" title={RAN_DIALOG_TITLE} className="ran-dialog" alsoRemove={[...alsoRemove, ...RAN_MODE_PARAMS]}>
      {(closeHref) => (
        <>
          <p className="ran-dialog__subtitle">
            {data.participant.firstName} {data.participant.lastName} · {data.testTitle}
            {blindPath ? null : (
              <>
                {" "}
                · <Link to={`/test-details/${data.testId}`}>Open as a page</Link>
              </>
            )}
          </p>
          {view.state === "error" ? (
            <p role="alert" className="alert alert--error">
              {view.message}
            </p>
          ) : (
            <div className="ran-accordions">
              <details className="ran-accordion">
                <summary>RAN Scoring Instructions</summary>
                <RanInstructions reading="dialog" />
              </details>
              <details className="ran-accordion">
                <summary>Practice Question</summary>
                {view.practice ? (
                  <div className="ran-scoring">
                    <RanRecordingPlayer
                      id={`ran-${view.practice.id}`}
                      label="Practice recording"
                      recording={data.recordings[view.practice.id]}
                    />
                    <p className="ran-response-time">Response Time: {view.practice.responseTime}</p>
                  </div>
                ) : (
                  <p>{NO_PRACTICE_RESULTS_TEXT}</p>
                )}
              </details>
              <details className="ran-accordion" open>
                <summary>Test Details/Scoring</summary>
                {view.test ? (
                  <RanScoringPanel
                    response={view.test}
                    recording={data.recordings[view.test.id]}
                    version={data.versions[view.test.id]}
                    canScore={data.canScore}
                    comparison={view.comparison}
                    history={view.history}
                    actionData={actionData}
                    layout="stack"
                    blindPath={blindPath}
                    cancelTo={blindPath ? closeHref : undefined}
                    saveKey={data.saveKeys[view.test.id]}
                    queueLabel={`${data.testTitle} · ${data.participant.lastName}, ${data.participant.firstName}`}
                  />
                ) : (
                  <p className="empty">No results!</p>
                )}
              </details>
            </div>
          )}
          {data.grade ? <RanReferenceImage grade={data.grade} /> : null}
          <div className="dialog-actions">
            <DialogCancel href={closeHref}>Close</DialogCancel>
          </div>
        </>
      )}
    </UrlDialog>
  );
}
