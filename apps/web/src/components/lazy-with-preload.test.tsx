/**
 * `lazyWithPreload`: a chunk fetched ahead renders at once, with no Suspense
 * fallback in between (React would hold a revealed fallback back for 300 ms); one rendered
 * before its chunk still suspends; a failed fetch can be retried.
 */
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyWithPreload } from './lazy-with-preload.tsx';

function Greeting({ name }: { name: string }) {
  return <p>hello {name}</p>;
}

describe('lazyWithPreload', () => {
  it('renders the component in the same render once its chunk is loaded', async () => {
    const greeting = lazyWithPreload(() => Promise.resolve({ default: Greeting }));
    await greeting.load();
    render(
      <Suspense fallback={<p>loading</p>}>
        <greeting.Component name="Asha" />
      </Suspense>,
    );
    expect(screen.getByText('hello Asha')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
  });

  it('suspends when rendered before the chunk is there, then shows it', async () => {
    const greeting = lazyWithPreload(() => Promise.resolve({ default: Greeting }));
    render(
      <Suspense fallback={<p>loading</p>}>
        <greeting.Component name="Ravi" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('hello Ravi')).toBeInTheDocument();
  });

  it('fetches once however often it is asked, and tries again after a failure', async () => {
    let calls = 0;
    const greeting = lazyWithPreload<{ name: string }>(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: Greeting });
    });
    greeting.preload();
    await expect(greeting.load()).rejects.toThrow('offline');
    await greeting.load();
    greeting.preload();
    await greeting.load();
    expect(calls).toBe(2);
  });
});
