import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

/** The `web` project of the root vitest workspace: jsdom, testing-library, tests beside the code. */
export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // jsdom + MUI renders are slow on the 2-core CI machine.
    testTimeout: 15_000,
  },
});
