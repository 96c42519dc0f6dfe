import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { readQueueCount, signOutQuestion } from "./offline/queue-count";

export interface MenuProps {
  firstName: string;
  email: string;
  knowledgeBaseUrl: string | null;
  nextStepsUrl: string | null;
  /** Test materials to download (PreK to Grade 2, Grade 3 with flag grade3hamburger). */
  materials?: { label: string; href: string }[];
}

/**
 * The hamburger menu of spec 001 section 2: a welcome line, external resources, customer
 * support, about, and Logout. A <details> element, so it opens without JavaScript; with it,
 * the menu closes after a navigation or a click elsewhere. Test materials are plain download
 * links (a failed download comes back as an error alert with the server's message).
 */
export function Menu({ firstName, email, knowledgeBaseUrl, nextStepsUrl, materials = [] }: MenuProps) {
  const details = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // Closes after a navigation, not when the scripts arrive: a menu opened before hydration stays open.
  const shownFor = useRef(location.key);
  useEffect(() => {
    if (shownFor.current === location.key) return;
    shownFor.current = location.key;
    if (details.current) details.current.open = false;
  }, [location.key]);
  useEffect(() => {
    const onDown = (e: PointerEvent) => {
      const d = details.current;
      if (d?.open && !d.contains(e.target as Node)) d.open = false;
    };
    const onKey = (e: KeyboardEvent) => {
      const d = details.current;
      if (e.key === "Escape" && d?.open) {
        d.open = false;
        d.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("pointerdown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, []);
  return (
    <details className="menu" ref={details}>
      <summary className="menu__toggle" aria-label="Menu">
        <span aria-hidden="true" className="menu__icon">
          ☰
        </span>
      </summary>
      <nav className="menu__panel" aria-label="Account menu">
        <p className="menu__welcome">
          Welcome, {firstName}
          <br />
          <span className="muted">{email}</span>
        </p>
        <ul className="menu__links">
          {knowledgeBaseUrl ? (
            <li>
              <a href={knowledgeBaseUrl} target="_blank" rel="noreferrer">
                Knowledge Base
              </a>
            </li>
          ) : null}
          {nextStepsUrl ? (
            <li>
              <a href={nextStepsUrl} target="_blank" rel="noreferrer">
                Next Steps Resources
              </a>
            </li>
          ) : null}
          <li>
            <Link to="/customer-support">Customer Support</Link>
          </li>
          <li>
            <Link to="/about">About</Link>
          </li>
        </ul>
        {materials.length > 0 ? (
          <>
            <p className="menu__heading" id="menu-materials">
              Test Materials
            </p>
            <ul className="menu__links" aria-labelledby="menu-materials">
              {materials.map((m) => (
                <li key={m.href}>
                  <a href={m.href}>{m.label} (zip)</a>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <Form
          method="post"
          action="/logout"
          onSubmit={(e) => {
            // Scores still waiting to save on this device (issue 40 item 1): ask first, naming how many.
            const waiting = readQueueCount(email);
            if (waiting > 0 && !window.confirm(signOutQuestion(waiting))) e.preventDefault();
          }}
        >
          <button type="submit" className="button button--quiet">
            Logout
          </button>
        </Form>
      </nav>
    </details>
  );
}
