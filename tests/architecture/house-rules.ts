import path from "node:path";
import type { ESTree } from "vite";
import { calleeName, type Finding, parseSource, propertyNamed, type Source, visit } from "./source-syntax.ts";

/** The one form reader (record 15): the only module that looks into a posted form. */
export const FORM_READER = "app/.server/forms.ts";

/** A variable that holds a posted form: `form`, `formData`, `uploadForm`, `profileFormData`… */
const FORM_VARIABLE = /^(form|formData|[a-z]\w*Form|[a-z]\w*FormData)$/;

/**
 * Forms read by hand (record 15): a field taken out of a form (`form.get(`, `form.getAll(`), or a
 * request's body read as a form, anywhere but the reader.
 */
export function handReadForms(file: string, text: string): Finding[] {
  if (file === FORM_READER) return [];
  const source = parseSource(file, text);
  const found: Finding[] = [];
  visit(source, {
    CallExpression(call) {
      const name = calleeName(call);
      const [owner, method] = name.split(".");
      if ((method === "get" || method === "getAll") && owner && FORM_VARIABLE.test(owner)) {
        found.push(at(source, call, `${name}(`));
      } else if (method === "formData" && call.arguments.length === 0) {
        found.push(at(source, call, "a form read without the reader (.formData())"));
      }
    },
  });
  return found;
}

/**
 * Refusals made by hand: `throw data(…)` or `throw new Response(…)` in a loader, action or guard,
 * where an AppError goes through the one error path (its status and message in one list).
 */
export function handThrownResponses(file: string, text: string): Finding[] {
  const source = parseSource(file, text);
  const found: Finding[] = [];
  visit(source, {
    ThrowStatement(statement) {
      const thrown = statement.argument;
      if (thrown.type === "CallExpression" && calleeName(thrown) === "data")
        found.push(at(source, thrown, "throw data("));
      if (thrown.type === "NewExpression" && calleeName(thrown) === "Response") {
        found.push(at(source, thrown, "throw new Response("));
      }
    },
  });
  return found;
}

/** A regular expression that matches nothing but decimal digits: `^\d{1,12}$`, `^[1-9][0-9]*$`… */
const DIGITS_ONLY = /^\^?(?:(?:\\d|\[0-9\]|\[1-9\])(?:\{\d+(?:,\d*)?\}|[+*?])?)+\$?$/;

/** An address's part read as a number by hand: `params.id`, `params.get("buy")`, `url.searchParams.get("id")`. */
const ADDRESS_PART = /^(params\b|[\w.]*searchParams\.get\()/;

/**
 * Ids and numbers read by hand in the pages: a regular expression of digits of their own, or
 * `Number(params.id)`, where the id field (`idFromPath`, `idFromUrl`, `idField`) and the house's
 * number reader (`readWholeNumber`) read every one alike.
 */
export function handReadIds(file: string, text: string): Finding[] {
  const source = parseSource(file, text);
  const found: Finding[] = [];
  visit(source, {
    Literal(literal) {
      const regex = (literal as Partial<ESTree.RegExpLiteral>).regex;
      if (regex && DIGITS_ONLY.test(regex.pattern)) found.push(at(source, literal, `/${regex.pattern}/`));
    },
    CallExpression(call) {
      const name = calleeName(call);
      const [first] = call.arguments;
      if (!["Number", "parseInt", "Number.parseInt", "parseFloat", "Number.parseFloat"].includes(name)) return;
      if (first && ADDRESS_PART.test(source.textOf(first)))
        found.push(at(source, call, `${name}(${source.textOf(first)})`));
    },
  });
  return found;
}

/** A project's stated default for `expect.poll` (vitest.config.ts): the folder its files are in, and the timeout. */
export type PollDefault = { folder: string; timeout: number };

/**
 * The projects in a Vitest config that state how long `expect.poll` waits (`expect: { poll: {
 * timeout } }` beside `include`), each by the folder its `include` patterns start in.
 */
export function statedPollDefaults(text: string): PollDefault[] {
  const source = parseSource("vitest.config.ts", text);
  const defaults: PollDefault[] = [];
  visit(source, {
    ObjectExpression(object) {
      const include = propertyNamed(object, "include");
      const timeout = propertyNamed(propertyNamed(propertyNamed(object, "expect"), "poll"), "timeout");
      if (include?.type !== "ArrayExpression" || timeout?.type !== "Literal" || typeof timeout.value !== "number")
        return;
      for (const pattern of include.elements) {
        if (pattern?.type !== "Literal" || typeof pattern.value !== "string") continue;
        const folder = pattern.value.slice(0, pattern.value.indexOf("*"));
        defaults.push({ folder, timeout: timeout.value });
      }
    },
  });
  return defaults;
}

/** Vitest's own: a poll or a waitFor that names no timeout gives up after a second. */
export const VITEST_DEFAULT_TIMEOUT_MS = 1000;

/**
 * Waits that name no timeout: `expect.poll(…)` without `{ timeout }`, and `vi.waitFor` /
 * `vi.waitUntil` without one, unless the file's project states a default longer than Vitest's
 * one second (vitest.config.ts).
 */
export function unnamedWaits(file: string, text: string, defaults: readonly PollDefault[] = []): Finding[] {
  const stated = defaults.some((entry) => file.startsWith(entry.folder) && entry.timeout > VITEST_DEFAULT_TIMEOUT_MS);
  const source = parseSource(file, text);
  const found: Finding[] = [];
  visit(source, {
    CallExpression(call) {
      const name = calleeName(call);
      const options = call.arguments[1];
      if (name === "expect.poll" && !stated && !propertyNamed(options, "timeout")) {
        found.push(at(source, call, "expect.poll( without a timeout"));
      }
      const namesTimeout = options?.type === "Literal" || propertyNamed(options, "timeout") !== undefined;
      if ((name === "vi.waitFor" || name === "vi.waitUntil") && !namesTimeout) {
        found.push(at(source, call, `${name}( without a timeout`));
      }
    },
  });
  return found;
}

type FunctionNode = ESTree.Function | ESTree.ArrowFunctionExpression;

/**
 * Functions in a .tsx file that hold JSX and run over the limit, counted as Biome's
 * noExcessiveLinesPerFunction counts the others: the lines of the body after its first, skipping
 * blank lines, lines of comments only and lines that start by closing a brace. Biome itself cannot
 * count them: it counts the tokens that begin a line, and between JSX children the line breaks are
 * part of the JSX text, not of any token's leading space, so the markup of a component is not
 * counted at all (record 38).
 */
export function longComponents(file: string, text: string, maxLines: number): Finding[] {
  if (!file.endsWith(".tsx")) return [];
  const source = parseSource(file, text);
  const code = withoutComments(source);
  const names = new Map<number, string>();
  const jsx: number[] = [];
  visit(source, {
    JSXElement: (node) => void jsx.push(node.start),
    JSXFragment: (node) => void jsx.push(node.start),
    VariableDeclarator(declarator) {
      if (declarator.id.type === "Identifier" && declarator.init) names.set(declarator.init.start, declarator.id.name);
    },
  });
  const found: Finding[] = [];
  const measure = (fn: FunctionNode) => {
    const body = fn.body;
    if (!body || !jsx.some((start) => start >= body.start && start < body.end)) return;
    const lines = codeLines(code, source.lineOf(body.start) + 1, source.lineOf(body.end));
    const name = ("id" in fn && fn.id?.name) || names.get(fn.start) || "(anonymous)";
    if (lines > maxLines) found.push(at(source, fn, `${name} has ${lines} lines (the limit is ${maxLines})`));
  };
  visit(source, {
    FunctionDeclaration: measure,
    FunctionExpression: measure,
    ArrowFunctionExpression: measure,
  });
  return found;
}

/** The text with every comment blanked out, line breaks kept: as lines. */
function withoutComments(source: Source): string[] {
  let text = source.text;
  for (const comment of source.comments) {
    const blank = text.slice(comment.start, comment.end).replace(/[^\n]/g, " ");
    text = text.slice(0, comment.start) + blank + text.slice(comment.end);
  }
  return text.split("\n");
}

function codeLines(lines: readonly string[], first: number, last: number): number {
  let count = 0;
  for (let line = first; line <= last; line++) {
    const code = (lines[line - 1] ?? "").trim();
    if (code !== "" && !code.startsWith("}")) count++;
  }
  return count;
}

/**
 * Files of app/, server/ and core/ that share a name (without .ts or .tsx) with another among them:
 * a search for the name finds two things, and an import can reach the wrong one (record 38; server/
 * and core/ since record 42). A role suffix is part of the name. Each clash as the files that share
 * the name.
 */
export function nameClashes(files: readonly string[]): string[][] {
  const byName = new Map<string, string[]>();
  for (const file of files) {
    const name = path.posix.basename(file).replace(/\.tsx?$/, "");
    byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  return [...byName.values()].filter((group) => group.length > 1);
}

function at(source: Source, node: { start: number }, what: string): Finding {
  return `${source.file}:${source.lineOf(node.start)} ${what}`;
}

/** The longest a service, a repository or a host file may be (record 42). */
export const MAX_FILE_LINES = 400;

/**
 * The files held to MAX_FILE_LINES: every service (`*.service.ts`) and repository
 * (`*.repository.ts`), and the host: `server/http/`, the files at the top of `server/`
 * (configuration, bootstrap, cluster…) and `app/.server/`. Tests are not.
 */
export function isHeldToLength(file: string): boolean {
  if (/\.test\.tsx?$/.test(file)) return false;
  return (
    /\.(service|repository)\.ts$/.test(file) ||
    file.startsWith("server/http/") ||
    /^server\/[^/]+\.ts$/.test(file) ||
    file.startsWith("app/.server/")
  );
}

/** Files held to the limit that run over it, each with its number of lines. */
export function longFiles(files: readonly { file: string; text: string }[], limit = MAX_FILE_LINES): Finding[] {
  return files
    .filter(({ file }) => isHeldToLength(file))
    .map(({ file, text }) => ({ file, lines: text.split("\n").length - (text.endsWith("\n") ? 1 : 0) }))
    .filter(({ lines }) => lines > limit)
    .map(({ file, lines }) => `${file} has ${lines} lines (the limit is ${limit})`);
}
