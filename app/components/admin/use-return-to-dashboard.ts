import { useEffect } from "react";
import { useNavigate } from "react-router";

/** After a successful admin save, the toast shows and the dashboard follows 800 ms later. */
export function useReturnToDashboard(result: { ok: boolean } | undefined, to: string): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!result?.ok) return;
    const timer = setTimeout(() => navigate(to), 800);
    return () => clearTimeout(timer);
  }, [result, navigate, to]);
}
