declare global {
  namespace Cloudflare {
    interface Env {
      /** Set by vitest.e2e.config.ts from the environment; empty when the e2e tests are skipped. */
      WP_URL: string;
      WP_USER: string;
      WP_APP_PASSWORD: string;
    }
  }
}

export {};
