/** Where pure rules report a problem they recover from; tests inject a spy, production keeps console.warn. */
export type Logger = (message: string) => void;

export const defaultLogger: Logger = (message) => console.warn(message);
