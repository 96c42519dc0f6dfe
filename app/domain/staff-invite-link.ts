/**
 * The words of the link to the invitations page (issue 35 item 7; STAFF_INVITE_TEXTS.link), in a
 * module of their own: the district page's roster imports need only them, and the browser build
 * gives a page whole modules, not single constants of one.
 */
export const STAFF_INVITE_LINK = "Invite the teachers who cannot sign in yet";
