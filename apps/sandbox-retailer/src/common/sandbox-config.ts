/** Injection token of the validated SandboxConfig. */
export const SANDBOX_CONFIG = Symbol('SANDBOX_CONFIG');
