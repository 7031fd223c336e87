/** Start-up refused because of one setting (or a group). The message names the variable, never a secret value. */
export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}
