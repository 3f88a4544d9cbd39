import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { command } from "../../api/commands";
import type { KeyStatus } from "../../bindings/KeyStatus";
import type { Profile } from "../../bindings/Profile";
import type { ProfileBook } from "../../bindings/ProfileBook";
import type { ProfileInput } from "../../bindings/ProfileInput";
import { ErrorNotice, ProfilesLink } from "../../components/ErrorNotice";
import { I18nProvider } from "../../i18n";
import { render } from "../../test/render";
import { ProfilesView } from "./ProfilesView";

afterEach(() => {
  cleanup();
  clearMocks();
});

const profile = (id: string, name: string): Profile => ({
  id,
  name,
  environment: { kind: "sandbox" },
  workspaceId: "6a1f0000-0000-4000-8000-000000000099",
  agentEmail: "ana@kybdesk.mx",
  flows: [{ flowId: "flujo-moral", label: "Morales", personType: "Moral" }],
});

const book: ProfileBook = { profiles: [profile("p1", "Operación"), profile("p2", "Pruebas")], active: "p1" };

const SANDBOX = "https://kyb.example.mx:443";
const inKeyring = (lastFour: string): KeyStatus => ({
  present: true,
  lastFour,
  storage: "keyring",
  keyringProblem: null,
  boundOrigin: SANDBOX,
  profileOrigin: SANDBOX,
  originConfirmed: true,
});
const noKey: KeyStatus = {
  present: false,
  lastFour: null,
  storage: null,
  keyringProblem: null,
  boundOrigin: null,
  profileOrigin: SANDBOX,
  originConfirmed: false,
};

/** A backend with `book`, keys by profile, and `extra` for the commands a test is about. */
function backend(keys: Record<string, KeyStatus>, extra: (cmd: string, args: Record<string, unknown>) => unknown) {
  const calls: [string, Record<string, unknown>][] = [];
  mockIPC((cmd, args) => {
    const given = (args ?? {}) as Record<string, unknown>;
    calls.push([cmd, given]);
    if (cmd === command.key_status) return keys[given.profileId as string];
    if (cmd === command.check_profile) return [];
    return extra(cmd, given);
  });
  return calls;
}

function renderView(onBook = vi.fn()) {
  render(
    <I18nProvider>
      <ProfilesView book={book} onBook={onBook} />
    </I18nProvider>,
  );
  return onBook;
}

const card = (name: string) => screen.getAllByTestId("profile-card").find((c) => c.dataset.name === name)!;

describe("the Profiles screen", () => {
  it("shows each profile, the active one and where its key is, and switches to another", async () => {
    const switched: ProfileBook = { ...book, active: "p2" };
    const calls = backend({ p1: inKeyring("1234"), p2: noKey }, (cmd) => {
      if (cmd === command.activate_profile) return switched;
      throw new Error(cmd);
    });
    const onBook = renderView();
    await waitFor(() => expect(within(card("Operación")).getByTestId("profile-key-status").textContent).toContain("1234"));
    expect(within(card("Operación")).getByText("Activo")).toBeTruthy();
    expect(within(card("Operación")).queryByTestId("profile-use")).toBeNull();
    expect(within(card("Pruebas")).getByTestId("profile-key-status").textContent).toContain("Sin API Key");
    expect(within(card("Pruebas")).queryByTestId("profile-forget-key")).toBeNull();

    fireEvent.click(within(card("Pruebas")).getByTestId("profile-use"));
    await waitFor(() => expect(onBook).toHaveBeenCalledWith(switched));
    expect(screen.getByTestId("profiles-done").textContent).toContain("Ahora trabaja con «Pruebas»");
    expect(calls.find(([cmd]) => cmd === command.activate_profile)?.[1]).toEqual({ id: "p2" });
  });

  it("gives the focus back to the screen's title after a switch (the button that had it is gone)", async () => {
    backend({ p1: inKeyring("1234"), p2: noKey }, (cmd) => {
      throw new Error(cmd);
    });
    const view = (active: string) => (
      <I18nProvider>
        <ProfilesView book={{ ...book, active }} onBook={() => {}} />
      </I18nProvider>
    );
    const { rerender } = render(view("p1"));
    const use = within(card("Pruebas")).getByTestId("profile-use");
    use.focus();
    rerender(view("p2"));
    expect(within(card("Pruebas")).queryByTestId("profile-use")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Perfiles" }));
  });

  it("tests any profile's connection and says what the service refused", async () => {
    backend({ p1: inKeyring("1234"), p2: inKeyring("9999") }, (cmd, args) => {
      if (cmd !== command.check_connection) throw new Error(cmd);
      if (args.profileId === "p1") return null;
      throw { code: "unauthorized", message: "La API Key ha sido denegada", details: [], task: null, problems: [] };
    });
    renderView();
    fireEvent.click(within(card("Operación")).getByTestId("profile-check-button"));
    fireEvent.click(within(card("Pruebas")).getByTestId("profile-check-button"));
    expect((await within(card("Operación")).findByTestId("profile-check")).textContent).toContain("Conexión verificada");
    const refused = await within(card("Pruebas")).findByTestId("error-notice");
    expect(refused.textContent).toContain("Revise la API Key del perfil");
    // This screen is where it is fixed: no link to itself.
    expect(within(refused).queryByTestId("open-profiles")).toBeNull();
  });

  it("edits a profile and keeps its key when the key field is left empty", async () => {
    const calls = backend({ p1: inKeyring("1234"), p2: noKey }, (cmd, args) => {
      switch (cmd) {
        case command.save_profile:
          return { ...(args.input as ProfileInput), id: "p1" };
        case command.check_connection:
          return null;
        case command.profiles:
          return book;
        default:
          throw new Error(cmd);
      }
    });
    renderView();
    await waitFor(() => expect(within(card("Operación")).getByTestId("profile-key-status").textContent).toContain("1234"));
    fireEvent.click(within(card("Operación")).getByTestId("profile-edit"));
    // The form takes the focus to its title, as a new screen does.
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Editar «Operación»" }));
    const key = screen.getByLabelText("API Key") as HTMLInputElement;
    expect(key.placeholder).toContain("1234");
    fireEvent.change(screen.getByLabelText("Nombre del perfil"), { target: { value: "Operación norte" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar y probar conexión" }));
    expect((await screen.findByTestId("profiles-done")).textContent).toContain("«Operación norte» guardado");
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Perfiles" }));
    const sent = calls
      .map(([cmd]) => cmd)
      .filter((cmd) => !([command.check_profile, command.key_status, command.profiles, command.sla_policy, command.policy] as string[]).includes(cmd));
    expect(sent).toEqual([command.save_profile, command.check_connection]);
    expect(calls.find(([cmd]) => cmd === command.save_profile)?.[1].input).toMatchObject({ id: "p1", name: "Operación norte" });
  });

  it("puts a replacing key where the old one was: this session only, or the keyring", async () => {
    backend({ p1: inKeyring("1234"), p2: { ...inKeyring("5678"), storage: "session" } }, (cmd) => {
      if (cmd === command.profiles) return book;
      throw new Error(cmd);
    });
    renderView();
    await waitFor(() => expect(within(card("Pruebas")).getByTestId("profile-key-status").textContent).toContain("solo esta sesión"));
    fireEvent.click(within(card("Pruebas")).getByTestId("profile-edit"));
    expect((screen.getByLabelText(/solo para esta sesión/) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Volver sin guardar" }));
    fireEvent.click(within(card("Operación")).getByTestId("profile-edit"));
    expect((screen.getByLabelText(/solo para esta sesión/) as HTMLInputElement).checked).toBe(false);
  });

  it("keeps what a new profile saved when its connection fails, and replaces it on the next attempt", async () => {
    let checks = 0;
    const calls = backend({ p1: inKeyring("1234"), p2: noKey }, (cmd, args) => {
      switch (cmd) {
        case command.save_profile:
          return { ...(args.input as ProfileInput), id: "p3" };
        case command.set_api_key:
          return inKeyring("0000");
        case command.check_connection:
          checks += 1;
          if (checks === 1)
            throw { code: "workspace_forbidden", message: "El ID de Workspace no es válido o no está activo", details: [], task: null, problems: [] };
          return null;
        case command.profiles:
          return book;
        default:
          throw new Error(cmd);
      }
    });
    renderView();
    fireEvent.click(screen.getByTestId("profile-add"));
    fireEvent.change(screen.getByLabelText("Nombre del perfil"), { target: { value: "Norte" } });
    fireEvent.change(screen.getByLabelText("API Key"), { target: { value: "sk_live_0000" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar y probar conexión" }));
    expect((await screen.findByTestId("error-notice")).textContent).toContain("Corrija el Workspace del perfil");
    expect(screen.getByTestId("saved-not-connected")).toBeTruthy();
    // What was typed is still there, and the way back no longer says "without saving".
    expect((screen.getByLabelText("Nombre del perfil") as HTMLInputElement).value).toBe("Norte");
    expect(screen.queryByRole("button", { name: "Volver sin guardar" })).toBeNull();
    expect(screen.getAllByRole("button", { name: "← Perfiles" })).toHaveLength(2);
    fireEvent.click(screen.getByRole("button", { name: "Guardar y probar conexión" }));
    expect((await screen.findByTestId("profiles-done")).textContent).toContain("«Norte» guardado");
    const saves = calls.filter(([cmd]) => cmd === command.save_profile).map(([, args]) => (args.input as ProfileInput).id);
    expect(saves).toEqual([undefined, "p3"]);
  });

  it("asks before removing a key or deleting the active profile, and says what follows", async () => {
    const keys = { p1: inKeyring("1234"), p2: noKey };
    const after: ProfileBook = { profiles: [book.profiles[1]!], active: "p2" };
    const calls = backend(keys, (cmd) => {
      if (cmd === command.delete_api_key) {
        keys.p1 = noKey;
        return noKey;
      }
      if (cmd === command.delete_profile) return after;
      throw new Error(cmd);
    });
    const onBook = renderView();
    fireEvent.click(await within(card("Operación")).findByTestId("profile-forget-key"));
    expect(screen.getByTestId("confirm").textContent).toContain("¿Quitar la API Key de «Operación»?");
    fireEvent.click(screen.getByTestId("confirm-action"));
    await waitFor(() => expect(within(card("Operación")).getByTestId("profile-key-status").textContent).toContain("Sin API Key"));
    expect(screen.getByTestId("profiles-done").textContent).toContain("Se quitó la API Key de «Operación»");

    fireEvent.click(within(card("Operación")).getByTestId("profile-delete"));
    expect(screen.getByTestId("confirm").textContent).toContain("después se trabajará con «Pruebas»");
    fireEvent.click(screen.getByTestId("confirm-action"));
    await waitFor(() => expect(onBook).toHaveBeenCalledWith(after));
    expect(calls.find(([cmd]) => cmd === command.delete_profile)?.[1]).toEqual({ id: "p1" });
  });
});

describe("a key given for another address", () => {
  const OLD = "https://kyb-viejo.example.mx:443";
  const moved: KeyStatus = { ...inKeyring("1234"), boundOrigin: OLD, originConfirmed: false };

  it("is held back until the analyst confirms the new address, with both addresses spelled out", async () => {
    const keys = { p1: moved, p2: noKey };
    const calls = backend(keys, (cmd) => {
      if (cmd !== command.confirm_key_origin) throw new Error(cmd);
      keys.p1 = inKeyring("1234");
      return keys.p1;
    });
    renderView();
    const warning = await within(card("Operación")).findByTestId("key-origin-warning");
    expect(warning.textContent).toContain(`La API Key se dio para ${OLD}; el perfil ahora apunta a ${SANDBOX}.`);
    expect(warning.textContent).toContain("No se enviará a la nueva dirección hasta que usted lo confirme");
    expect(within(card("Pruebas")).queryByTestId("key-origin-warning")).toBeNull();

    fireEvent.click(within(warning).getByTestId("confirm-key-origin"));
    const dialog = screen.getByTestId("confirm");
    expect(within(dialog).getByTestId("key-origin-change").textContent).toBe(`Dirección para la que se dio${OLD}Dirección nueva${SANDBOX}`);
    // Nothing is sent before the confirmation.
    expect(calls.some(([cmd]) => cmd === command.confirm_key_origin)).toBe(false);
    expect(screen.getByTestId("confirm-action").textContent).toBe(`Enviar esta API Key a ${SANDBOX}`);
    fireEvent.click(screen.getByTestId("confirm-action"));
    await waitFor(() => expect(within(card("Operación")).queryByTestId("key-origin-warning")).toBeNull());
    expect(calls.filter(([cmd]) => cmd === command.confirm_key_origin).map(([, args]) => args)).toEqual([{ profileId: "p1", language: "es-MX" }]);
    expect(screen.getByTestId("profiles-done").textContent).toBe(`La API Key de «Operación» ahora se envía a ${SANDBOX}.`);
  });

  it("stays held back when the system's own dialog is answered no, and says so", async () => {
    const keys = { p1: moved, p2: noKey };
    // The backend asked in a native dialog and the answer was no: the status is as it was.
    backend(keys, (cmd) => {
      if (cmd !== command.confirm_key_origin) throw new Error(cmd);
      return keys.p1;
    });
    renderView();
    const warning = await within(card("Operación")).findByTestId("key-origin-warning");
    fireEvent.click(within(warning).getByTestId("confirm-key-origin"));
    expect(screen.getByTestId("confirm").textContent).toContain("El sistema se lo preguntará una vez más en una ventana propia");
    fireEvent.click(screen.getByTestId("confirm-action"));
    expect((await screen.findByTestId("profiles-done")).textContent).toBe(
      `No se confirmó la dirección nueva: la API Key de «Operación» sigue yendo solo a ${OLD}.`,
    );
    expect(within(card("Operación")).getByTestId("key-origin-warning")).toBeTruthy();
  });

  it("names an unknown address plainly, and leads to typing the key again", async () => {
    backend({ p1: { ...moved, boundOrigin: null }, p2: noKey }, (cmd) => {
      throw new Error(cmd);
    });
    renderView();
    const warning = await within(card("Operación")).findByTestId("key-origin-warning");
    expect(warning.textContent).toContain("La API Key se dio para una dirección desconocida;");
    expect(warning.textContent).not.toMatch(/undefined|null/);
    fireEvent.click(within(warning).getByTestId("reenter-key"));
    expect(await screen.findByRole("heading", { name: "Editar «Operación»" })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("API Key"));
  });
});

describe("an error whose fix is in the profile", () => {
  it("offers the way to the Profiles screen, and only for such errors", () => {
    const open = vi.fn();
    render(
      <I18nProvider>
        <ProfilesLink.Provider value={open}>
          <ErrorNotice error={{ code: "unauthorized", message: "La API Key ha sido denegada", details: null, task: null, problems: [] }} />
          <ErrorNotice error={{ code: "not_found", message: "Expediente no encontrado", details: null, task: null, problems: [] }} />
        </ProfilesLink.Provider>
      </I18nProvider>,
    );
    const links = screen.getAllByTestId("open-profiles");
    expect(links).toHaveLength(1);
    fireEvent.click(links[0]!);
    expect(open).toHaveBeenCalledOnce();
  });

  it("counts a key held back from a changed address among them", () => {
    render(
      <I18nProvider>
        <ProfilesLink.Provider value={() => {}}>
          <ErrorNotice
            error={{
              code: "key_origin_changed",
              message: "",
              details: { type: "key_origin_changed", recorded: "https://viejo.example.mx:443", now: "https://kyb.example.mx:443" },
              task: null,
              problems: [],
            }}
          />
        </ProfilesLink.Provider>
      </I18nProvider>,
    );
    const notice = screen.getByTestId("error-notice");
    expect(notice.textContent).toContain(
      "La API Key del perfil se dio para https://viejo.example.mx:443, y el perfil ahora apunta a https://kyb.example.mx:443.",
    );
    expect(notice.textContent).toContain("No se enviará a https://kyb.example.mx:443 hasta que usted lo confirme o ingrese la API Key de nuevo en Perfiles.");
    // The two origins are said in the sentence, not listed again.
    expect(notice.querySelectorAll("li")).toHaveLength(0);
    expect(within(notice).getByTestId("open-profiles")).toBeTruthy();
  });
});
