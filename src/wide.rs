//! Hot loops compiled twice, plainly and for AVX2, with the AVX2 build
//! chosen at run time when the CPU has it (`is_x86_feature_detected!`,
//! a cached flag). Nothing is fused and no sum is reordered (Rust
//! contracts no multiply–add and reassociates no addition), so both
//! builds give the same numbers bit for bit: AVX2 only makes the vectors
//! wider (four `f64` lanes instead of SSE2's two).

/// Runs `$plain(args)` compiled for AVX2 when the CPU has it: `$wide`
/// must be `$plain` under `#[target_feature(enable = "avx2")]`. (AVX-512
/// measured no faster in the blackjack dealer's walks: they wait on
/// additions, not on width.)
macro_rules! widest {
    ($plain:ident, $wide:ident, ($($arg:expr),*)) => {{
        #[cfg(target_arch = "x86_64")]
        {
            if $crate::wide::avx2() {
                // SAFETY: the CPU has AVX2 (checked just above).
                unsafe { $wide($($arg),*) }
            } else {
                $plain($($arg),*)
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            $plain($($arg),*)
        }
    }};
}
pub(crate) use widest;

/// Whether the AVX2 builds run: the CPU has AVX2 (and, in tests, this
/// thread did not ask for the plain builds with [`plain_only`]).
#[cfg(target_arch = "x86_64")]
#[inline]
pub(crate) fn avx2() -> bool {
    #[cfg(test)]
    if PLAIN.with(std::cell::Cell::get) {
        return false;
    }
    std::arch::is_x86_feature_detected!("avx2")
}

#[cfg(test)]
thread_local! {
    /// Whether this thread runs the plain builds only.
    static PLAIN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` on this thread with the plain builds only, so that a test can
/// compare them with the AVX2 builds bit for bit.
#[cfg(test)]
pub(crate) fn plain_only<R>(f: impl FnOnce() -> R) -> R {
    PLAIN.with(|plain| plain.set(true));
    let result = f();
    PLAIN.with(|plain| plain.set(false));
    result
}

/// Defines a function whose body runs compiled for AVX2 when the CPU has
/// it ([`widest!`]), and plainly otherwise: the body is written once, in
/// an `#[inline(always)]` function that both builds inline. The function
/// may have lifetimes, or one type parameter with a bound.
macro_rules! twin {
    (
        $(#[$meta:meta])*
        $vis:vis fn $name:ident <$ty_param:ident: $bound:path> ($($arg:ident: $ty:ty),* $(,)?)
            $(-> $ret:ty)? $body:block
    ) => {
        $(#[$meta])*
        $vis fn $name<$ty_param: $bound>($($arg: $ty),*) $(-> $ret)? {
            #[inline(always)]
            fn plain<$ty_param: $bound>($($arg: $ty),*) $(-> $ret)? $body
            #[cfg(target_arch = "x86_64")]
            #[target_feature(enable = "avx2")]
            fn wide<$ty_param: $bound>($($arg: $ty),*) $(-> $ret)? {
                plain($($arg),*)
            }
            $crate::wide::widest!(plain, wide, ($($arg),*))
        }
    };
    (
        $(#[$meta:meta])*
        $vis:vis fn $name:ident $(<$($lt:lifetime),+>)? ($($arg:ident: $ty:ty),* $(,)?)
            $(-> $ret:ty)? $body:block
    ) => {
        $(#[$meta])*
        $vis fn $name $(<$($lt),+>)? ($($arg: $ty),*) $(-> $ret)? {
            #[inline(always)]
            fn plain $(<$($lt),+>)? ($($arg: $ty),*) $(-> $ret)? $body
            #[cfg(target_arch = "x86_64")]
            #[target_feature(enable = "avx2")]
            fn wide $(<$($lt),+>)? ($($arg: $ty),*) $(-> $ret)? {
                plain($($arg),*)
            }
            $crate::wide::widest!(plain, wide, ($($arg),*))
        }
    };
}
pub(crate) use twin;
