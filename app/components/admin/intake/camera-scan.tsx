import { useEffect, useRef, useState } from "react";

/** The part of the browser's Shape Detection API used here (not in TypeScript's DOM types yet). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;
const detectorClass = () => (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;

const FORMATS = ["ean_13", "upc_a", "ean_8"];

/**
 * "Scan with camera": only where the browser has a BarcodeDetector and a camera (a phone's Chrome), never before the
 * page runs. The first barcode seen is handed to `onCode` (which fills the code field and looks it up).
 */
export function CameraScan({ onCode }: { onCode: (code: string) => void }) {
  const [supported, setSupported] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => setSupported(!!detectorClass() && !!navigator.mediaDevices?.getUserMedia), []);

  useEffect(() => {
    if (!scanning) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const detector = new (detectorClass()!)({ formats: FORMATS });
        while (!stopped) {
          const [found] = await detector.detect(video.current);
          if (found?.rawValue) {
            setScanning(false);
            onCode(found.rawValue);
            return;
          }
          await new Promise((r) => setTimeout(r, 200));
        }
      } catch {
        setProblem("The camera could not be used: type the code instead.");
        setScanning(false);
      }
    })();
    return () => {
      stopped = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [scanning, onCode]);

  if (!supported) return null;
  return (
    <div className="mt-2">
      <button
        type="button"
        onClick={() => {
          setProblem(null);
          setScanning((s) => !s);
        }}
        className="rounded-lg bg-stone-200 px-3 py-2 text-sm font-semibold text-stone-900 hover:bg-stone-300"
      >
        {scanning ? "Stop the camera" : "Scan with camera"}
      </button>
      {scanning && <video ref={video} muted playsInline className="mt-2 aspect-video w-full max-w-sm rounded-lg bg-black" />}
      {problem && <p className="mt-1 text-sm text-red-800">{problem}</p>}
    </div>
  );
}
