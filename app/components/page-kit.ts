import clsx from "clsx";
import { formFields, isFormReply, useFormReply } from "#app/components/form-reply";
import { ranDialogHref, ranModeOf } from "#app/components/ran/ran-urls";
import { resultsHref, viewOnly } from "#app/components/results/urls";
import { BIRTH_DATE_MISSING, birthDateText } from "#app/domain/birth-date";
import { GRADES } from "#app/domain/grades";
import { homePath, safeRedirect } from "#app/domain/home-path";
import { PERCENTILE_BAND_LABELS } from "#app/domain/percentile";
import { BAND_LABELS, CELL_STATE_LABELS } from "#app/domain/results-labels";
import { ROLE_LABELS } from "#app/domain/roles";
import * as urlState from "#app/domain/url-state";
import accountCss from "#app/styles/account.css";
import chartsCss from "#app/styles/charts.css";
import adminCss from "#app/styles/admin.css";
import familyReportCss from "#app/styles/family-report.css";
import ranScoringCss from "#app/styles/ran-scoring.css";
import ranCss from "#app/styles/ran.css";
import resultsCss from "#app/styles/results.css";
import rosteringCss from "#app/styles/rostering.css";
import { AccountCard, AccountFormEnd, NewPasswordFields } from "./AccountCard";
import { Breadcrumbs } from "./Breadcrumbs";
import { BarsLegend, ChartDefs, StackedBars } from "./charts/StackedBars";
import { BandSummary } from "./results/ClassroomSummary";
import * as errorPage from "./ErrorPage";
import { ErrorAlert as errorAlert } from "./ErrorAlert";
import { FormField, PasswordField } from "./FormField";
import { lazyDialog } from "./lazy-dialog";
import { LazyRanScoringDialog } from "./ran/lazy";
import { Tabs } from "./Tabs";
import { useClientLinkClicks } from "./client-links";
import * as queueCount from "./offline/queue-count";
import * as gridRefresh from "./results/grid-refresh";
import * as lettersToWorkOn from "#app/domain/letters-to-work-on";
import * as letters from "#app/domain/letters";
import followUpListsCss from "#app/styles/follow-up-lists.css";
import supportGroupsCss from "#app/styles/support-groups.css";

// What the pages' scripts share, gathered so that the browser loads it as one file.
//
// Why (issue 15, hydration): the Remix classic compiler (esbuild) puts shared code in one chunk
// per *set of pages that use it*, so a page collected one small file per such set: 19 files for
// the classroom page against 9 for an empty one. Over HTTP/1.1 a browser fetches 6 at a time, and
// on a slow school network each further 6 cost a round trip (0.56 s on Slow 4G) before the page
// hydrates. esbuild gives a piece of code to every page whose scripts *use* it, so: root, every
// route module (through `ErrorPage`) and every dialog (through UrlDialog's URL helpers) take
// something from the object below, and the object uses every listed piece. All of it then has the
// same set of users and lands in one chunk. Listing a small module here is what puts it in that
// file; importing it directly elsewhere as well changes nothing. Keep large or rarely used code
// (Radix, the admin lists, the RAN panel) out: every page downloads what is listed here.
const kit = {
  ...errorPage,
  ...urlState,
  Breadcrumbs,
  Tabs,
  ErrorAlert: errorAlert,
  FormField,
  PasswordField,
  AccountCard,
  AccountFormEnd,
  NewPasswordFields,
  lazyDialog,
  LazyRanScoringDialog,
  clsx,
  formFields,
  isFormReply,
  useFormReply,
  homePath,
  safeRedirect,
  resultsHref,
  viewOnly,
  ranDialogHref,
  ranModeOf,
  BAND_LABELS,
  CELL_STATE_LABELS,
  ROLE_LABELS,
  GRADES,
  PERCENTILE_BAND_LABELS,
  BIRTH_DATE_MISSING,
  birthDateText,
  // The summary bars (issue 39): the classroom, school and district pages share them, and the
  // student page's growth charts their patterns; here they cost no script file of their own.
  BandSummary,
  StackedBars,
  BarsLegend,
  ChartDefs,
  // The classroom and student pages' small helpers of issues 38–40 (letters to work on, the save
  // queue's count in the header, the grid's refresh after Save and next, link clicks).
  ...queueCount,
  ...gridRefresh,
  ...lettersToWorkOn,
  ...letters,
  useClientLinkClicks,
  stylesheets: {
    account: accountCss,
    charts: chartsCss,
    admin: adminCss,
    familyReport: familyReportCss,
    ranScoring: ranScoringCss,
    ran: ranCss,
    results: resultsCss,
    rostering: rosteringCss,
    followUpLists: followUpListsCss,
    supportGroups: supportGroupsCss,
  },
};

export const { ErrorPage, ErrorAlert, PAGE_NOT_FOUND, closedSearch, dialogOf, isDoneCreate, stylesheets } = kit;
