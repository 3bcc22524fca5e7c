/*
 * The session's fence (src/auth/session.ts): a number, the generation, that every sign-in,
 * sign-out and end of a session moves on. Whatever is fetched or written for a session belongs to
 * the generation read before it began, and is kept only while the fence still reads that number:
 * an answer or a write that comes late cannot bring back a session that was left, nor show one
 * person's letters to the next. The worker's parts fence every such write here; a page can fence
 * its own reads the same way with a counter of its own.
 */

/** What reads the fence as it stands now: the Session, or what a part of the worker was given to read it. */
export interface GenerationSource {
  generation(): Promise<number> | number;
}

/** Whether the fence still reads `generation`: the session it was read under is still the current one. */
export async function sameGeneration(source: GenerationSource, generation: number): Promise<boolean> {
  return (await source.generation()) === generation;
}

/**
 * Does `work` for the session of `generation` and keeps it only if that session still stands once
 * the work is done; when the fence moved meanwhile, `takeBack` undoes it. Answers whether it stands.
 * The check comes after the work, not before: a sign-out may come at any moment, its cleanup
 * included, so either that cleanup came after the work and removed it, or it came before and the
 * check sees the new generation. Work that throws is neither checked nor taken back: its error is the answer.
 */
export async function fencedToGeneration(
  source: GenerationSource,
  generation: number,
  work: () => Promise<unknown>,
  takeBack: () => Promise<unknown>,
): Promise<boolean> {
  await work();
  if (await sameGeneration(source, generation)) return true;
  await takeBack();
  return false;
}
