import CLinux

/// The process's heap, as the render pool hands memory back between bursts.
public enum Heap {
    /// Gives the heap's free pages back to the system (glibc's `malloc_trim(0)`): a
    /// render's tens of megabytes of frames would otherwise stay resident after it.
    public static func returnFreePages() {
        spinnerd_trim_heap()
    }
}
