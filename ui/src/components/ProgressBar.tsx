import "./ProgressBar.css";
export function ProgressBar({ done, total, label }: { done: number; total: number; label: string }) {
  const share = total === 0 ? 0 : Math.round((done / total) * 100);
  return (
    <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={total} aria-valuenow={done} aria-label={label}>
      <div className="progress-fill" style={{ width: `${share}%` }} />
      <span className="progress-label">{label}</span>
    </div>
  );
}
