/** An upload's progress bar with its percentage, announced to screen readers. */
export function UploadProgress({ fraction, label }: { fraction: number; label: string }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="progress" role="status">
      <span className="progress__label">
        {label} {percent}%
      </span>
      <progress max={100} value={percent} aria-label={label}>
        {percent}%
      </progress>
    </div>
  );
}
