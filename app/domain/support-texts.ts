// Words and limits of the /customer-support form, free of imports so the page's browser bundle can
// use them without zod (the schema, support-form.ts, runs in the action and the API only).

export const SUPPORT_SUBJECT_MAX = 200;
export const SUPPORT_MESSAGE_MAX = 5000;

export const SUPPORT_TEXTS = {
  subjectRequired: "Please enter a subject.",
  messageRequired: "Please enter your message.",
  sent: "Thank you! Your message has been sent to our support team.",
  failed: "Your message could not be sent. Please try again.",
} as const;
