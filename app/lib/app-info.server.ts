import pkg from "../../package.json";

/** The app's version (package.json), shown in the login footer. */
export const appVersion = (): string => pkg.version;
