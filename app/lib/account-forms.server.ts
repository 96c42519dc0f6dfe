// The account pages' form schemas, for their actions. Imported through this server module so
// the classic Remix compiler leaves zod out of the pages' browser bundles.
export { ForgotPasswordForm, NewPasswordForm, RegisterForm, ResetPasswordForm } from "#app/domain/account-forms";
