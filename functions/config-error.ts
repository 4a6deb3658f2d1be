/** A bad environment variable, named, so the operator can fix it before the server starts. */
export class FunctionConfigError extends Error {
  readonly variable: string;
  constructor(variable: string, problem: string) {
    super(`${variable}: ${problem}`);
    this.name = 'FunctionConfigError';
    this.variable = variable;
  }
}
